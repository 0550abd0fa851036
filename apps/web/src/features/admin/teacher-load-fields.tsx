import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/text-field.tsx';
import { emptyLoad, type UserFormState } from './user-form-values.ts';

/** A teacher's assigned load: rows of grade, subject and section, added and removed freely. */
export const TeacherLoadFields = ({ form }: { form: UseFormReturnType<UserFormState> }) => {
  const { t } = useTranslation('admin');
  const rows = form.values.loads;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('users.loads')}
      </Title>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('users.noLoads')}
        </Text>
      )}
      {rows.map((_, i) => (
        <Paper key={i} withBorder p="sm" component="fieldset" aria-label={t('users.loadRow', { n: i + 1 })} style={{ margin: 0 }}>
          <Group align="flex-end" wrap="nowrap" gap="xs">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" style={{ flex: 1 }}>
              <TextField label={t('users.loadGrade')} required maxLength={40} {...form.getInputProps(`loads.${i}.gradeLevel`)} />
              <TextField label={t('users.loadSubject')} required maxLength={80} {...form.getInputProps(`loads.${i}.subject`)} />
              <TextField label={t('users.loadSection')} required maxLength={60} {...form.getInputProps(`loads.${i}.section`)} />
            </SimpleGrid>
            <ActionIcon
              variant="subtle"
              color="red.9"
              size="lg"
              aria-label={t('users.removeLoad', { n: i + 1 })}
              onClick={() => form.removeListItem('loads', i)}
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => form.insertListItem('loads', emptyLoad())}>
          {t('users.addLoad')}
        </Button>
      </Group>
    </Stack>
  );
};
