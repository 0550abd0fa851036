import { useState } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconUserPlus } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClassDetails, ClassRelation, ClassStudentRow } from '@klase/core/classes/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { classKeys, useClassDetails } from '../../api/class-api.ts';
import { TeachersStrip } from './class-list-teachers.tsx';
import { removeStudentCall, rosterKeys, studentsPath } from './roster-api.ts';
import { AddStudentsDialog } from './students-add-dialog.tsx';
import { useStudentColumns } from './students-columns.tsx';

/** Relations that see the students' details (the others see names and photos only). */
const STAFF: readonly ClassRelation[] = ['teacher', 'assistant', 'schoolAdmin'];

/** No students yet: teachers are told how students get in (the access code, or adding them). */
const NoStudents = ({ cls }: { cls: ClassDetails }) => {
  const { t } = useTranslation('classList');
  const code = cls.join?.codeEnabled ? cls.join.accessCode : null;
  return <EmptyState text={code ? t('students.emptyWithCode', { code }) : cls.can.manageRoster ? t('students.emptyAdd') : t('students.empty')} />;
};

const StudentsContent = ({ cls }: { cls: ClassDetails }) => {
  const { t } = useTranslation('classList');
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ClassStudentRow | null>(null);
  const [removeOpen, setRemoveOpen] = useState(false);
  const staff = STAFF.includes(cls.relation);
  const manage = cls.can.manageRoster && !cls.archived;
  const askRemove = (row: ClassStudentRow) => {
    setRemoving(row);
    setRemoveOpen(true);
  };
  const columns = useStudentColumns({ staff, onRemove: manage ? askRemove : undefined });
  const open = staff && cls.can.viewStudentDetails ? (row: ClassStudentRow) => paths.classStudent.to(cls.id, row.id) : undefined;

  // The roster changed: the table, the class's counts and everything else showing students reload.
  const reload = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: classKeys.inClass(cls.id) }), queryClient.invalidateQueries({ queryKey: classKeys.one(cls.id) })]);

  const remove = async () => {
    if (!removing) return;
    const answer = await removeStudentCall(cls.id, removing.id);
    toastSuccess(answer?.message || t('remove.done', { name: removing.name }));
    await reload();
  };

  return (
    <Stack gap="lg">
      <TeachersStrip classId={cls.id} />
      <Stack gap="sm" component="section" aria-labelledby="class-students-title">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} size="h4" id="class-students-title">
            {t('students.title', { count: cls.studentCount })}
          </Title>
          {manage && (
            <Button leftSection={<IconUserPlus size={16} aria-hidden="true" />} onClick={() => setAdding(true)}>
              {t('add.open')}
            </Button>
          )}
        </Group>
        {cls.studentCount === 0 ? (
          <NoStudents cls={cls} />
        ) : (
          <DataTable<ClassStudentRow>
            queryKey={rosterKeys.students(cls.id)}
            path={studentsPath(cls.id)}
            columns={columns}
            defaultSortBy="sortName"
            detailsHref={open}
            rowLabel={(row) => row.name}
            caption={t('titles.students')}
          />
        )}
      </Stack>
      {manage && <AddStudentsDialog classId={cls.id} opened={adding} onClose={() => setAdding(false)} onAdded={reload} />}
      {manage && (
        <ConfirmDialog
          opened={removeOpen}
          title={t('remove.title')}
          message={t('remove.confirm', { name: removing?.name ?? '' })}
          confirmLabel={t('remove.action')}
          danger
          onConfirm={remove}
          onClose={() => setRemoveOpen(false)}
        />
      )}
    </Stack>
  );
};

/** `#/classes/:id/class-list/students`: the class's teachers, then its students. */
export const StudentsTab = () => {
  const { id = '' } = useParams();
  const details = useClassDetails(id);
  // A cached "no students yet" may be old (students join while the teacher is elsewhere): wait for
  // the fresh class record before saying the class is empty.
  if (details.isPending || (details.isFetching && details.data?.studentCount === 0)) return <PageLoader />;
  if (details.isError) return <ErrorText error={details.error} />;
  return <StudentsContent cls={details.data} />;
};
