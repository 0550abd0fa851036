import { useId, useState } from 'react';
import { Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MATERIAL_TYPES } from '@klase/core/class-work/contracts';
import type { MyMaterialRow } from '@klase/core/materials/contracts';
import { canOpen } from '@klase/core/guards';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { TableColumn } from '../../components/data-table/types.ts';
import { DateText } from '../../components/date-text.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session-store.ts';
import { MaterialTypeIcon, useMaterialTypeLabel } from '../../components/material-types.tsx';
import { MY_MATERIALS_PATH, materialKeys } from '../../api/materials-api.ts';

type PublishedFilter = 'all' | 'true' | 'false';

/** Where a row leads: the material in its element page (or its course when the element is not known). */
export const materialHref = (row: MyMaterialRow): string | null => {
  if (!row.classId) return null;
  return row.elementId
    ? paths.classCourseElement.to(row.classId, row.courseId, row.elementId, { materialId: row.id })
    : paths.classCourse.to(row.classId, row.courseId);
};

/**
 * `#/materials`: every material of the courses of the classes the teacher or assistant teaches;
 * searchable, filtered by type and by published. A row opens the material; teachers also edit it.
 */
export const MyMaterialsPage = () => {
  const { t } = useTranslation('materials');
  const navigate = useNavigate();
  const typeLabel = useMaterialTypeLabel();
  const roleId = useSession((s) => s.profile?.roleId ?? 0);
  const manage = canOpen('courseManage', roleId);
  const [published, setPublished] = useState<PublishedFilter>('all');
  const publishedId = useId();

  const columns: TableColumn<MyMaterialRow>[] = [
    { key: 'name', header: t('mine.name'), sortable: true },
    {
      key: 'type',
      header: t('mine.type'),
      sortable: true,
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          <MaterialTypeIcon type={row.type} size={16} />
          <span>{typeLabel(row.type)}</span>
        </Group>
      ),
      filter: { key: 'type', options: MATERIAL_TYPES.map((type) => ({ value: type, label: typeLabel(type) })) },
    },
    { key: 'courseName', header: t('mine.course'), sortable: true },
    { key: 'className', header: t('mine.class'), sortable: true },
    { key: 'elementName', header: t('mine.element') },
    { key: 'status', header: t('mine.status'), render: (row) => <StatusBadge status={row.status} style={{ minWidth: 'max-content' }} /> },
    {
      key: 'dueAt',
      header: t('mine.due'),
      sortable: true,
      render: (row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <DateText value={row.dueAt} />
        </span>
      ),
    },
    ...(manage ? [{ key: 'actions', header: t('mine.actions'), kind: 'actions' as const }] : []),
  ];

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('mine.title')}
      </Title>
      <Text>{t('mine.intro')}</Text>
      <Stack gap={4}>
        <Text component="span" id={publishedId} size="sm" fw={500}>
          {t('mine.published')}
        </Text>
        <SegmentedControl
          aria-labelledby={publishedId}
          value={published}
          onChange={(v) => setPublished(v as PublishedFilter)}
          data={[
            { value: 'all', label: t('mine.publishedAll') },
            { value: 'true', label: t('mine.publishedOnly') },
            { value: 'false', label: t('mine.unpublishedOnly') },
          ]}
          w="fit-content"
          maw="100%"
        />
      </Stack>
      <DataTable<MyMaterialRow>
        queryKey={materialKeys.table}
        path={MY_MATERIALS_PATH}
        columns={columns}
        extraParams={published === 'all' ? undefined : { published }}
        defaultSortBy="name"
        detailsHref={materialHref}
        onEdit={manage ? (row) => row.classId && void navigate(paths.classMaterialEdit.to(row.classId, row.courseId, row.id)) : undefined}
        rowLabel={(row) => row.name}
        caption={t('mine.title')}
      />
    </Stack>
  );
};
