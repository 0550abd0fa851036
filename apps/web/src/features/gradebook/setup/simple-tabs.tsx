import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GradebookSetupView } from '@klase/core/gradebook/views';
import { letterTable } from '@klase/core/gradebook/display';
import { paths } from '../../../config/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { DeleteButton, useSetupParams } from './setup-frame.tsx';
import { EditLink, num, SetupTable } from './setup-table.tsx';

/** The scales tab: the school's standard scales and the course's own, with what uses them. */
export const ScalesTab = ({ setup }: { setup: GradebookSetupView }) => {
  const { t } = useTranslation('gradeSetup');
  const { classId, courseId } = useSetupParams();
  if (setup.scales.length === 0) return <EmptyState text={t('scales.none')} />;
  return (
    <SetupTable caption={t('tabs.scales')} columns={['name', 'values', 'kind', 'usedBy', 'actions'].map((c) => t(`scales.columns.${c}`))} minWidth={640}>
      {setup.scales.map((s) => (
        <Table.Tr key={s.id}>
          <Table.Th scope="row" style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={paths.classScale.to(classId, courseId, s.id)}>
              {s.name}
            </Anchor>
          </Table.Th>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.values.join(', ')}</Table.Td>
          <Table.Td>{t(`scales.kinds.${s.kind}`)}</Table.Td>
          <Table.Td>{s.usedBy}</Table.Td>
          <Table.Td>
            {setup.can.manage && s.kind === 'custom' && s.canEdit && (
              <Group gap={2} wrap="nowrap">
                <EditLink to={paths.classScaleEdit.to(classId, courseId, s.id)} label={t('actions.editNamed', { name: s.name })} />
                <DeleteButton kind="scales" id={s.id} name={s.name} />
              </Group>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </SetupTable>
  );
};

/** The letters table (letter, lowest and highest percent) of the gradebook. */
export const LettersTab = ({ setup }: { setup: GradebookSetupView }) => {
  const { t } = useTranslation('gradeSetup');
  const { classId, courseId } = useSetupParams();
  return (
    <Stack gap="md">
      <Text size="sm">{t(setup.settings.defaultLetters ? 'letters.usingDefaults' : 'letters.usingCustom')}</Text>
      <SetupTable caption={t('tabs.gradeLetters')} columns={['letter', 'lowest', 'highest'].map((c) => t(`letters.columns.${c}`))} minWidth={320}>
        {letterTable(setup.settings.letters).map((row) => (
          <Table.Tr key={row.letter}>
            <Table.Th scope="row">{row.letter}</Table.Th>
            <Table.Td>{num(row.lowest)} %</Table.Td>
            <Table.Td>{num(row.highest)} %</Table.Td>
          </Table.Tr>
        ))}
      </SetupTable>
      {setup.can.manage && (
        <Button component={Link} to={paths.classGradeLettersUpdate.to(classId, courseId)} w="fit-content">
          {t('side.updateLetters')}
        </Button>
      )}
    </Stack>
  );
};

/** The rubrics tab: the course's rubrics, their best totals and how many items use them. */
export const RubricsTab = ({ setup }: { setup: GradebookSetupView }) => {
  const { t } = useTranslation('gradeSetup');
  const { classId, courseId } = useSetupParams();
  return (
    <Stack gap="md">
      <Text size="sm">{t('rubrics.intro')}</Text>
      {setup.can.manage && (
        <Button component={Link} to={paths.classRubricCreate.to(classId, courseId)} leftSection={<IconPlus size={16} aria-hidden="true" />} w="fit-content">
          {t('titles.createRubric')}
        </Button>
      )}
      {setup.rubrics.length === 0 ? (
        <EmptyState text={t('rubrics.none')} />
      ) : (
        <SetupTable
          caption={t('tabs.rubrics')}
          columns={['name', 'criteria', 'maxPoints', 'usedBy', 'actions'].map((c) => t(`rubrics.columns.${c}`))}
          minWidth={560}
        >
          {setup.rubrics.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Th scope="row" style={{ overflowWrap: 'anywhere' }}>
                {r.name}
              </Table.Th>
              <Table.Td>{r.criteria.length}</Table.Td>
              <Table.Td>{num(r.maxPoints)}</Table.Td>
              <Table.Td>{r.usedBy}</Table.Td>
              <Table.Td>
                {setup.can.manage && (
                  <Group gap={2} wrap="nowrap">
                    <EditLink to={paths.classRubricEdit.to(classId, courseId, r.id)} label={t('actions.editNamed', { name: r.name })} />
                    <DeleteButton kind="rubrics" id={r.id} name={r.name} />
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </SetupTable>
      )}
    </Stack>
  );
};
