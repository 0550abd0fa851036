import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, Code, CopyButton, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconKey, IconMail } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClassStudentDetails } from '@klase/core/classes/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { useClassDetails } from '../../api/class-api.ts';
import { studentPasswordCall, useClassStudent } from './roster-api.ts';

type Mode = 'generate' | 'email';

/** The new password, shown once, with a copy button and what happened to the student's sessions. */
const NewPassword = ({ name, password }: { name: string; password: string }) => {
  const { t } = useTranslation('classList');
  return (
    <Alert
      color="teal"
      variant="light"
      title={t('password.newTitle', { name })}
      role="status"
      styles={{ title: { color: 'var(--mantine-color-text)' }, message: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <Code fz="lg" px="sm" py={6} style={{ letterSpacing: '0.05em', userSelect: 'all', overflowWrap: 'anywhere' }} data-testid="generated-password">
            {password}
          </Code>
          <CopyButton value={password}>
            {({ copied, copy }) => (
              <Button
                size="compact-md"
                variant={copied ? 'filled' : 'default'}
                color={copied ? 'teal.9' : undefined}
                leftSection={copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
                onClick={copy}
              >
                {copied ? t('password.copied') : t('password.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">{t('password.onceNote', { name })}</Text>
      </Stack>
    </Alert>
  );
};

const Choice = ({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) => (
  <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
    <Stack gap="sm" align="flex-start">
      <Group gap="xs" wrap="nowrap">
        {icon}
        <Title order={4} size="h5">
          {title}
        </Title>
      </Group>
      {children}
    </Stack>
  </Paper>
);

const PasswordChoices = ({ classId, student }: { classId: string; student: ClassStudentDetails }) => {
  const { t } = useTranslation('classList');
  const noEmailId = useId();
  const [mode, setMode] = useState<Mode>('generate');
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState<string | null>(null);
  const name = student.name;

  const ask = (next: Mode) => {
    setMode(next);
    setAsking(true);
  };

  const run = async () => {
    const answer = await studentPasswordCall(classId, student.id, mode);
    if (mode === 'generate') setPassword(answer.password);
    else toastSuccess(answer.message);
  };

  return (
    <Stack gap="md">
      <Title order={3} size="h4">
        {t('password.title')}
      </Title>
      <Text>{t('password.intro', { name })}</Text>
      {password && <NewPassword name={name} password={password} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Choice icon={<IconKey size={20} aria-hidden="true" />} title={t('password.generateTitle')}>
          <Text size="sm">{t('password.generateText', { name })}</Text>
          <Button onClick={() => ask('generate')}>{t('password.generate')}</Button>
        </Choice>
        <Choice icon={<IconMail size={20} aria-hidden="true" />} title={t('password.emailTitle')}>
          {student.email ? (
            <Text size="sm">{t('password.emailText', { email: student.email })}</Text>
          ) : (
            <Text size="sm" id={noEmailId}>
              {t('password.noEmail', { name })}
            </Text>
          )}
          <Button variant="default" disabled={!student.email} aria-describedby={student.email ? undefined : noEmailId} onClick={() => ask('email')}>
            {t('password.email')}
          </Button>
        </Choice>
      </SimpleGrid>
      <ConfirmDialog
        opened={asking}
        title={mode === 'email' ? t('password.emailTitle') : t('password.generateTitle')}
        message={mode === 'email' ? t('password.emailConfirm', { name, email: student.email ?? '' }) : t('password.generateConfirm', { name })}
        confirmLabel={mode === 'email' ? t('password.email') : t('password.generate')}
        onConfirm={run}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
};

/** The change-password tab (teachers of the class): a generated password shown once, or a reset link. */
export const StudentPasswordTab = () => {
  const { t } = useTranslation('classList');
  const { id = '', studentId = '' } = useParams();
  const cls = useClassDetails(id);
  const student = useClassStudent(id, studentId).data;
  if (!student || !cls.data) return null;
  if (!cls.data.can.resetStudentPasswords) return <Text>{t('password.notAllowed')}</Text>;
  return <PasswordChoices classId={id} student={student} />;
};
