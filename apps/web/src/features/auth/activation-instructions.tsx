import { Checkbox, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActivationInfo } from '@klase/core/auth/contracts';
import { ROLE } from '@klase/core/roles';
import { cleanChildName } from '@klase/core/status';

type Audience = 'teacher' | 'student' | 'parent' | 'staff';

const audienceOf = (roleId: number): Audience =>
  roleId === ROLE.teacher || roleId === ROLE.assistantTeacher ? 'teacher' : roleId === ROLE.student ? 'student' : roleId === ROLE.parent ? 'parent' : 'staff';

interface Props {
  info: ActivationInfo;
  unlinked: string[];
  onUnlinkedChange: (ids: string[]) => void;
}

/** Role-specific activation instructions; a parent may unlink students who are not theirs. */
export const ActivationInstructions = ({ info, unlinked, onUnlinkedChange }: Props) => {
  const { t } = useTranslation('account');
  const audience = audienceOf(info.roleId);
  const steps = t(`activation.steps.${audience}`, { returnObjects: true }) as string[];
  return (
    <Stack gap="sm">
      <Text>{t('activation.hello', { name: info.firstName })}</Text>
      <Text>{t(`activation.intro.${audience}`, { school: info.schoolName ?? t('activation.yourSchool'), username: info.username })}</Text>
      <List type="ordered" spacing={4} size="sm">
        {steps.map((s) => (
          <List.Item key={s}>{s}</List.Item>
        ))}
      </List>
      {audience === 'parent' && info.linkedStudents.length > 0 && (
        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={2} size="h5" component="legend">
            {t('activation.linkedStudents')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('activation.unlinkHint')}
          </Text>
          {info.linkedStudents.map((s) => (
            <Checkbox
              key={s.id}
              label={t('activation.unlinkLabel', { name: cleanChildName(s.name) || s.username, username: s.username })}
              checked={unlinked.includes(s.id)}
              onChange={(e) => onUnlinkedChange(e.currentTarget.checked ? [...unlinked, s.id] : unlinked.filter((id) => id !== s.id))}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
};
