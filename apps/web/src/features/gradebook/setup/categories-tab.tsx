import { ActionIcon, Alert, Badge, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconFolderPlus, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GradebookSetupView, GradeCategoryRow, GradeItemRow } from '@klase/core/gradebook/views';
import { paths } from '../../../config/paths.ts';
import { DeleteButton, useSetupParams } from './setup-frame.tsx';
import { EditLink, num, SetupTable } from './setup-table.tsx';

type Line = { kind: 'category'; row: GradeCategoryRow; depth: number } | { kind: 'item'; row: GradeItemRow; depth: number };

/** Root first; under each category its items, then its sub-categories (each in position order). */
export const treeLines = (setup: GradebookSetupView): Line[] => {
  const byPos = <T extends { position: number }>(a: T, b: T) => a.position - b.position;
  const out: Line[] = [];
  const walk = (cat: GradeCategoryRow) => {
    out.push({ kind: 'category', row: cat, depth: cat.depth });
    for (const item of setup.items.filter((i) => i.categoryId === cat.id).sort(byPos)) out.push({ kind: 'item', row: item, depth: cat.depth + 1 });
    for (const child of setup.categories.filter((c) => c.parentId === cat.id).sort(byPos)) walk(child);
  };
  for (const root of setup.categories.filter((c) => c.parentId === null)) walk(root);
  return out;
};

/** A Natural total's maximum: the sum of its children's maxima (extra credit left out). */
const naturalMax = (setup: GradebookSetupView, cat: GradeCategoryRow): number => {
  const items = setup.items.filter((i) => i.categoryId === cat.id && !i.extraCredit && i.gradeType !== 'text');
  const cats = setup.categories.filter((c) => c.parentId === cat.id && !c.extraCredit);
  return (
    items.reduce((s, i) => s + (i.gradeType === 'scale' ? (setup.scales.find((x) => x.id === i.scaleId)?.maxGrade ?? 0) : i.maxGrade), 0) +
    cats.reduce((s, c) => s + categoryMax(setup, c), 0)
  );
};
const categoryMax = (setup: GradebookSetupView, cat: GradeCategoryRow): number => (cat.aggregation === 'natural' ? naturalMax(setup, cat) : cat.maxGrade);

const Flags = ({ row }: { row: GradeCategoryRow | GradeItemRow }) => {
  const { t } = useTranslation('gradeSetup');
  const flags = [
    row.hidden || row.hiddenUntil ? 'hidden' : null,
    row.locked || row.lockedAfter ? 'locked' : null,
    row.extraCredit ? 'extraCredit' : null,
  ].filter(Boolean) as string[];
  if ('unpublished' in row && row.unpublished) flags.push('unpublished');
  return (
    <Group gap={4}>
      {flags.map((f) => (
        <Badge key={f} variant="light" color="gray.8" size="sm">
          {t(`flags.${f}`)}
        </Badge>
      ))}
    </Group>
  );
};

const Weight = ({ row }: { row: GradeCategoryRow | GradeItemRow }) => {
  const { t } = useTranslation('gradeSetup');
  return (
    <Stack gap={0}>
      <Text size="sm">{row.weight === null ? '-' : num(row.weight)}</Text>
      {row.computedWeight !== null && <Text size="xs">{t('categories.computed', { percent: num(row.computedWeight * 100, 3) })}</Text>}
    </Stack>
  );
};

const Indent = ({ depth, children }: { depth: number; children: React.ReactNode }) => (
  <div style={{ paddingInlineStart: `${depth * 1.25}rem`, overflowWrap: 'anywhere' }}>{children}</div>
);

const CategoryLine = ({ setup, row }: { setup: GradebookSetupView; row: GradeCategoryRow }) => {
  const { t } = useTranslation('gradeSetup');
  const { classId, courseId } = useSetupParams();
  const root = row.parentId === null;
  const name = root ? t('categories.courseTotal', { name: row.name }) : row.name;
  const manage = setup.can.manage;
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={700}>
        <Indent depth={row.depth}>{name}</Indent>
      </Table.Th>
      <Table.Td>{t(`aggregation.${row.aggregation}`)}</Table.Td>
      <Table.Td>{root ? '-' : <Weight row={row} />}</Table.Td>
      <Table.Td>{row.dropLowest > 0 ? row.dropLowest : row.keepHighest > 0 ? t('categories.keep', { count: row.keepHighest }) : '-'}</Table.Td>
      <Table.Td>{num(categoryMax(setup, row))}</Table.Td>
      <Table.Td>
        <Flags row={row} />
      </Table.Td>
      <Table.Td>
        {manage && (
          <Group gap={2} wrap="nowrap">
            <EditLink to={paths.classGradeCategoryEdit.to(classId, courseId, row.id)} label={t('actions.editNamed', { name })} />
            <Tooltip label={t('categories.addSub', { name })}>
              <ActionIcon
                component={Link}
                to={paths.classGradeCategoryAdd.to(classId, courseId, row.id)}
                variant="subtle"
                aria-label={t('categories.addSub', { name })}
              >
                <IconFolderPlus size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('categories.addItemTo', { name })}>
              <ActionIcon
                component={Link}
                to={paths.classGradeItemAdd.to(classId, courseId, row.id)}
                variant="subtle"
                aria-label={t('categories.addItemTo', { name })}
              >
                <IconPlus size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
            {!root && <DeleteButton kind="categories" id={row.id} name={row.name} />}
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
};

const ItemLine = ({ setup, row, depth }: { setup: GradebookSetupView; row: GradeItemRow; depth: number }) => {
  const { t } = useTranslation('gradeSetup');
  const { classId, courseId } = useSetupParams();
  const scale = row.gradeType === 'scale' ? setup.scales.find((s) => s.id === row.scaleId) : undefined;
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={400}>
        <Indent depth={depth}>
          {row.name}
          <Text span size="xs" ml={6}>
            ({t(`sources.${row.source}`)})
          </Text>
        </Indent>
      </Table.Th>
      <Table.Td>-</Table.Td>
      <Table.Td>
        <Weight row={row} />
      </Table.Td>
      <Table.Td>-</Table.Td>
      <Table.Td>{row.gradeType === 'value' ? num(row.maxGrade) : row.gradeType === 'scale' ? (scale?.name ?? '-') : t('gradeTypes.text')}</Table.Td>
      <Table.Td>
        <Flags row={row} />
      </Table.Td>
      <Table.Td>
        {setup.can.manage && (
          <Group gap={2} wrap="nowrap">
            <EditLink to={paths.classGradeItemEdit.to(classId, courseId, row.id)} label={t('actions.editNamed', { name: row.name })} />
            {row.source === 'manual' && <DeleteButton kind="items" id={row.id} name={row.name} />}
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
};

/** The categories tab: the course total, its categories and items as an indented tree. */
export const CategoriesTab = ({ setup }: { setup: GradebookSetupView }) => {
  const { t } = useTranslation('gradeSetup');
  const { classId, courseId } = useSetupParams();
  const columns = ['name', 'aggregation', 'weight', 'drop', 'max', 'flags', 'actions'].map((c) => t(`categories.columns.${c}`));
  return (
    <Stack gap="md">
      {!setup.ready && (
        <Alert color="indigo" variant="light" title={t('categories.notReady')}>
          {setup.can.manage && (
            <Button component={Link} to={paths.classGradeCategoryAdd.to(classId, courseId)} size="sm" mt="xs">
              {t('side.createCategory')}
            </Button>
          )}
        </Alert>
      )}
      <SetupTable caption={t('tabs.categories')} columns={columns} minWidth={820}>
        {treeLines(setup).map((line) =>
          line.kind === 'category' ? (
            <CategoryLine key={line.row.id} setup={setup} row={line.row} />
          ) : (
            <ItemLine key={line.row.id} setup={setup} row={line.row} depth={line.depth} />
          ),
        )}
      </SetupTable>
    </Stack>
  );
};
