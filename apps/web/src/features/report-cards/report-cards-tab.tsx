import { Alert, Anchor, Button, Group, Paper, Progress, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HonorRow } from '@klase/core/deped/contracts';
import { ROLE } from '@klase/core/roles';
import { ErrorText } from '../../components/error-text.tsx';
import { isApiError } from '../../api/http.ts';
import { useAssignableStudents } from '../../api/courses-api.ts';
import { useClassDetails } from '../../api/class-api.ts';
import { useSession } from '../../lib/session-store.ts';
import { CardOptionsFields } from './card-options.tsx';
import { learnerCardUrl, sectionFileUrl, useClassHonors, useGradeLevelHonors, useSectionJob, useStartSection, type CardOptions } from './report-cards-api.ts';

const SectionJob = ({ classId, options }: { classId: string; options: CardOptions }) => {
  const { t } = useTranslation('grading', { keyPrefix: 'reportCards' });
  const start = useStartSection(classId);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useSectionJob(classId, jobId);
  const j = job.data ?? start.data ?? null;
  const percent = j && j.total > 0 ? Math.round((j.done / j.total) * 100) : 0;
  return (
    <Stack gap="xs">
      <Group>
        <Button
          variant="light"
          loading={start.isPending}
          disabled={j !== null && (j.state === 'queued' || j.state === 'running')}
          onClick={() => start.mutate(options, { onSuccess: (r) => setJobId(r.id) })}
        >
          {t('section.start')}
        </Button>
      </Group>
      {start.isError && <ErrorText error={start.error} />}
      {j && (
        <Stack gap={4}>
          <Progress value={j.state === 'done' ? 100 : percent} aria-label={t('section.progressLabel')} />
          <Text size="sm" role="status">
            {j.state === 'failed' ? t('section.failed') : t('section.progress', { done: j.done, total: j.total })}
          </Text>
          {j.state === 'done' && jobId && (
            <Anchor href={sectionFileUrl(classId, jobId)} download>
              <Group gap={4} component="span">
                <IconDownload size={16} aria-hidden="true" />
                {t('section.download')}
              </Group>
            </Anchor>
          )}
        </Stack>
      )}
    </Stack>
  );
};

export const HonorsTable = ({ rows, withSection }: { rows: HonorRow[]; withSection: boolean }) => {
  const { t } = useTranslation('grading', { keyPrefix: 'reportCards' });
  if (rows.length === 0) return <Text c="dimmed">{t('honors.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('honors.name')}</Table.Th>
            {withSection && <Table.Th>{t('honors.section')}</Table.Th>}
            <Table.Th>{t('honors.average')}</Table.Th>
            <Table.Th>{t('honors.honor')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.studentId}>
              <Table.Td>{r.name}</Table.Td>
              {withSection && <Table.Td>{r.className}</Table.Td>}
              <Table.Td>{r.generalAverage.toFixed(3)}</Table.Td>
              <Table.Td>{t(`honors.kinds.${r.honor}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/** `#/classes/:id/report-cards` (teachers, assistants, the school administrator): SF9 downloads and the honors list. */
export const ReportCardsTab = () => {
  const { t } = useTranslation('grading', { keyPrefix: 'reportCards' });
  const { id = '' } = useParams();
  const roleId = useSession((s) => s.profile?.roleId ?? 0);
  const cls = useClassDetails(id);
  const students = useAssignableStudents(id, true);
  const honors = useClassHonors(id);
  const isAdmin = roleId === ROLE.schoolAdmin;
  const level = useGradeLevelHonors(cls.data?.gradeLevel ?? '', isAdmin && !!cls.data);
  const [options, setOptions] = useState<CardOptions>({ quarter: 1, paper: 'a4', lang: 'en-us' });
  const [picked, setStudentId] = useState<string | null>(null);
  // The first learner until another is chosen (a disabled download link would be unreadable).
  const studentId = picked ?? students.data?.data[0]?.id ?? null;
  // A school on the custom grading policy has no SF9: say so (translated 409) instead of offering downloads.
  if (isApiError(honors.error) && honors.error.code === 'DEPED_POLICY_OFF')
    return (
      <Alert color="gray" variant="light" title={t('title')}>
        <ErrorText error={honors.error} />
      </Alert>
    );
  return (
    <Stack gap="md">
      <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('title')}
          </Title>
          <Text size="sm">{t('intro')}</Text>
          <CardOptionsFields value={options} onChange={setOptions} />
          <Group align="flex-end" wrap="wrap">
            <Select
              label={t('learner.label')}
              placeholder={t('learner.placeholder')}
              data={(students.data?.data ?? []).map((s) => ({ value: s.id, label: s.sortName }))}
              value={studentId}
              onChange={setStudentId}
              searchable
              w={260}
            />
            {studentId && (
              <Button component="a" href={learnerCardUrl(id, studentId, options)} download leftSection={<IconDownload size={16} aria-hidden="true" />}>
                {t('learner.download')}
              </Button>
            )}
          </Group>
          <Title order={3} size="h5">
            {t('section.title')}
          </Title>
          <SectionJob classId={id} options={options} />
        </Stack>
      </Paper>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('honors.title')}
          </Title>
          {honors.isError ? (
            <Alert color="gray" variant="light">
              <ErrorText error={honors.error} />
            </Alert>
          ) : (
            honors.data && <HonorsTable rows={honors.data} withSection={false} />
          )}
          {isAdmin && cls.data && (
            <>
              <Title order={3} size="h5">
                {t('honors.gradeLevel', { level: cls.data.gradeLevel })}
              </Title>
              {level.data && <HonorsTable rows={level.data} withSection />}
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
};
