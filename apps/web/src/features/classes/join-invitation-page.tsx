import { useState } from 'react';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconInfoCircle, IconLinkOff } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { InvitationInfo } from '@klase/core/classes/contracts';
import { canOpen } from '@klase/core/guards';
import { ErrorText } from '../../components/error-text.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session-store.ts';
import { acceptInvitationCall, classKeys, useInvitation } from '../../api/class-api.ts';
import { useClassText } from '../../lib/class-format.ts';

const ToClasses = ({ primary = false }: { primary?: boolean }) => {
  const { t } = useTranslation('classes');
  return (
    <Button component={Link} to={paths.classes.to()} variant={primary ? 'filled' : 'default'}>
      {t('invitation.toClasses')}
    </Button>
  );
};

/** The class an invitation leads to, and what this user can do with it. */
const InvitationCard = ({ token, info }: { token: string; info: InvitationInfo }) => {
  const { t } = useTranslation(['classes', 'errors']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { gradeSection } = useClassText();
  const roleId = useSession((s) => s.profile?.roleId ?? 0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const student = canOpen('classJoin', roleId);

  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await acceptInvitationCall(token);
      toastSuccess(answer.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: classKeys.table }),
        queryClient.invalidateQueries({ queryKey: classKeys.invitation(token) }),
      ]);
      await navigate(paths.classCourses.to(answer.classId));
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" fw={500}>
        {t('invitation.intro')}
      </Text>
      <Stack gap={4}>
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {info.className}
        </Title>
        <Text fw={500}>{gradeSection(info.gradeLevel, info.section)}</Text>
        <Text size="sm">{info.schoolName}</Text>
        {info.teacherNames.length > 0 && <Text size="sm">{t('list.teachers', { names: info.teacherNames.join(', ') })}</Text>}
      </Stack>
      <ErrorText error={error} />
      {info.enrolled ? (
        <Stack gap="sm" align="flex-start">
          <Text>{t('invitation.enrolled')}</Text>
          <Button component={Link} to={paths.classCourses.to(info.classId)}>
            {t('invitation.open')}
          </Button>
        </Stack>
      ) : student ? (
        <Group gap="sm">
          <Button onClick={() => void accept()} loading={busy}>
            {t('invitation.join')}
          </Button>
          <ToClasses />
        </Group>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden="true" />} styles={{ message: { color: 'var(--mantine-color-text)' } }}>
            {t('invitation.studentsOnly')}
          </Alert>
          <ToClasses />
        </Stack>
      )}
    </Stack>
  );
};

/**
 * `#/classes/join/:token`: the invitation link. Signed-in users see the class first; students
 * join with one press. Wrong, replaced or switched-off links, a class of another school and an
 * archived class get a clear message and a way back to the classes page.
 */
export const JoinInvitationPage = () => {
  const { t } = useTranslation('classes');
  const { token = '' } = useParams();
  const q = useInvitation(token);
  return (
    <Stack gap="md" maw={560} mx="auto" w="100%">
      <Title order={1} size="h2">
        {t('titles.join')}
      </Title>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        {q.isPending ? (
          <Stack gap="sm" aria-busy="true">
            <Skeleton height={22} width="60%" />
            <Skeleton height={14} width="40%" />
            <Skeleton height={36} width="30%" />
          </Stack>
        ) : q.isError ? (
          <Stack gap="sm" align="flex-start" data-testid="invitation-error">
            <Group gap="xs" wrap="nowrap">
              <IconLinkOff size={22} aria-hidden="true" />
              <Title order={2} size="h4">
                {t('invitation.unusable')}
              </Title>
            </Group>
            <ErrorText error={q.error} size="md" />
            <ToClasses primary />
          </Stack>
        ) : (
          <InvitationCard token={token} info={q.data} />
        )}
      </Paper>
    </Stack>
  );
};
