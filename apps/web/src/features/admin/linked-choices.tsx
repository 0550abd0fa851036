import { CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UserPicker } from './user-picker.tsx';

interface LinkedChoicesProps {
  label: string;
  role: number;
  schoolId: string;
  ids: string[];
  names: Record<string, string>;
  onAdd: (id: string, name: string) => void;
  onRemove: (id: string) => void;
}

/** People to link when a user is created (parents of a student, students of a parent). */
export const LinkedChoices = ({ label, role, schoolId, ids, names, onAdd, onRemove }: LinkedChoicesProps) => {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="xs">
      <UserPicker label={label} role={role} schoolId={schoolId} exclude={ids} onPick={(o) => onAdd(o.id, o.hint ? `${o.name} (${o.hint})` : o.name)} />
      {ids.length > 0 && (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
          {ids.map((id) => (
            <Paper key={id} component="li" withBorder px="sm" py={4}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {names[id] ?? id}
                </Text>
                <CloseButton aria-label={t('users.removeLink', { name: names[id] ?? id })} onClick={() => onRemove(id)} />
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
};
