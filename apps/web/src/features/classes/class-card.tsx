import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBook, IconCalendar, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClassRow } from '@klase/core/classes/contracts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { paths } from '../../config/paths.ts';
import { schoolYearText, useClassText } from '../../lib/class-format.ts';
import css from './classes.module.css';

/** A class in `#/classes`: the whole card is one link to the class's courses. */
export const ClassCard = ({ row }: { row: ClassRow }) => {
  const { t } = useTranslation('classes');
  const { gradeSection } = useClassText();
  const teachers = row.teachers.map((p) => p.name).join(', ');
  return (
    <Card component={Link} to={paths.classCourses.to(row.id)} withBorder padding="md" radius="md" data-testid="class-card" className={css.linkCard}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {row.name}
          </Title>
          {row.archived && <StatusBadge status="inactive" label={t('list.archivedBadge')} style={{ flexShrink: 0 }} />}
        </Group>
        <Text size="sm" fw={500}>
          {gradeSection(row.gradeLevel, row.section)}
        </Text>
        <Group gap={6} wrap="nowrap">
          <IconCalendar size={16} aria-hidden="true" />
          <Text size="sm">{t('list.schoolYear', { year: schoolYearText(row.schoolYearFrom, row.schoolYearTo) })}</Text>
        </Group>
        {teachers && (
          <Text size="sm" lineClamp={2}>
            {t('list.teachers', { names: teachers })}
          </Text>
        )}
        <Group gap="md" mt={4}>
          <Group gap={6} wrap="nowrap">
            <IconUsers size={16} aria-hidden="true" />
            <Text size="sm">{t('list.studentCount', { count: row.studentCount })}</Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconBook size={16} aria-hidden="true" />
            <Text size="sm">{t('list.courseCount', { count: row.courseCount })}</Text>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
};

/** Placeholder cards while the list loads. */
export const ClassCardSkeleton = () => (
  <Card withBorder padding="md" radius="md" aria-hidden="true">
    <Stack gap={8}>
      <Skeleton height={18} width="70%" />
      <Skeleton height={12} width="45%" />
      <Skeleton height={12} width="55%" />
      <Skeleton height={12} width="80%" />
    </Stack>
  </Card>
);
