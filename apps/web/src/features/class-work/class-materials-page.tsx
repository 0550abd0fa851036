import { useState } from 'react';
import { Alert, Group, Select, Stack, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type ClassRelation } from '@klase/core/classes/contracts';
import { MATERIAL_TYPES, type ClassMaterialRow } from '@klase/core/class-work/contracts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { TableColumn } from '../../components/data-table/types.ts';
import { DateText } from '../../components/date-text.tsx';
import { classPath, useClassDetails } from '../../api/class-api.ts';
import { useMaterialTypeName } from './materials-labels.ts';
import { useClassCourses, workKeys } from './work-api.ts';

/** Who sees unpublished materials and the status chip: the class's staff. */
const STAFF: readonly ClassRelation[] = ['teacher', 'assistant', 'schoolAdmin'];

/**
 * `class-materials`: every material of the class's courses in one list, searchable, filtered by
 * type and by course. Students and parents get published materials only (the API decides).
 */
export const ClassMaterialsPage = () => {
  const { t } = useTranslation(['classWork', 'components']);
  const { id = '' } = useParams();
  const details = useClassDetails(id);
  const courses = useClassCourses(id);
  const typeName = useMaterialTypeName();
  const [courseId, setCourseId] = useState<string | null>(null);
  const staff = details.data ? STAFF.includes(details.data.relation) : false;

  const columns: TableColumn<ClassMaterialRow>[] = [
    { key: 'name', header: t('materials.name'), sortable: true },
    {
      key: 'type',
      header: t('materials.type'),
      sortable: true,
      render: (row) => typeName(row.type),
      filter: { key: 'type', options: MATERIAL_TYPES.map((type) => ({ value: type, label: typeName(type) })) },
    },
    { key: 'courseName', header: t('materials.course'), sortable: true },
    { key: 'elementName', header: t('materials.element') },
    ...(staff ? [{ key: 'status', header: t('materials.status'), kind: 'status' as const }] : []),
    { key: 'dueAt', header: t('materials.due'), sortable: true, render: (row) => <DateText value={row.dueAt} /> },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h3">
          {t('titles.materials')}
        </Title>
        {(courses.data?.length ?? 0) > 0 && (
          <Select
            label={t('components:table.filterBy', { column: t('materials.course') })}
            placeholder={t('materials.allCourses')}
            data={(courses.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={courseId}
            onChange={setCourseId}
            clearable
            searchable
            nothingFoundMessage={t('materials.noCourseFound')}
            style={{ flex: '0 1 320px', minWidth: 0 }}
          />
        )}
      </Group>
      {courses.isSuccess && courses.data.length === 0 && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden="true" />} styles={{ message: { color: 'var(--mantine-color-text)' } }}>
          {t('materials.noCourses')}
        </Alert>
      )}
      <DataTable<ClassMaterialRow>
        queryKey={workKeys.materials(id)}
        path={classPath(id, 'materials')}
        columns={columns}
        extraParams={courseId ? { courseId } : undefined}
        defaultSortBy="name"
        rowLabel={(row) => row.name}
        caption={t('titles.materials')}
      />
    </Stack>
  );
};
