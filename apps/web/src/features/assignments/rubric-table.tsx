import { useId } from 'react';
import { Input, Radio, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { rubricTotal, type RubricGrading } from '@klase/core/assignments/contracts';

/**
 * A rubric as a table of criteria × levels. Editable (the teacher's grading page): each criterion
 * is a group of native radio buttons (Tab reaches the group, arrow keys move between its levels),
 * described by the criterion's title; the last column and the footer add up the chosen levels.
 * Read-only (the returned work): the chosen level of each criterion is marked by a check, in bold,
 * and in words for screen readers.
 */

type Selections = Readonly<Record<string, string>>;

interface RubricTableProps {
  rubric: RubricGrading;
  value: Selections;
  /** Omitted: read-only. */
  onChange?: (next: Record<string, string>) => void;
  error?: string | null;
}

const chosenBg = 'var(--mantine-primary-color-light)';

interface LevelCellProps {
  label: string;
  /** The level's points, in words. */
  points: string;
  on: boolean;
  /** The criterion's radio group. */
  name: string;
  value: string;
  /** The criterion's header. */
  describedBy: string;
  /** Omitted: read-only. */
  onPick?: () => void;
}

/** One level of a criterion: a radio button while grading, else its text with the chosen one marked. */
const LevelCell = ({ label, points, on, name, value, describedBy, onPick }: LevelCellProps) => {
  const { t } = useTranslation('assignments');
  return (
    <Table.Td bg={on ? chosenBg : undefined} data-chosen={on || undefined}>
      {onPick ? (
        <Radio
          name={name}
          value={value}
          checked={on}
          onChange={onPick}
          label={
            <Stack gap={0} component="span">
              <span>{label}</span>{' '}
              <Text span size="xs">
                {points}
              </Text>
            </Stack>
          }
          aria-describedby={describedBy}
        />
      ) : (
        <Stack gap={0}>
          <Text size="sm" fw={on ? 700 : 400}>
            {on && <IconCheck size={14} aria-hidden="true" style={{ marginInlineEnd: 4, verticalAlign: 'middle' }} />}
            {label}
            {on && <VisuallyHidden> ({t('rubric.chosen')})</VisuallyHidden>}
          </Text>
          <Text size="xs">{points}</Text>
        </Stack>
      )}
    </Table.Td>
  );
};

export const RubricTable = ({ rubric, value, onChange, error }: RubricTableProps) => {
  const { t, i18n } = useTranslation('assignments');
  const id = useId();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const points = (p: number) => t('rubric.points', { points: number.format(p) });
  const width = Math.max(...rubric.criteria.map((c) => c.levels.length), 1);
  const errorId = `${id}-error`;
  const total = rubricTotal(rubric, value);
  return (
    <Stack gap={4}>
      <Table.ScrollContainer minWidth={180 + width * 130} type="native">
        <Table
          withTableBorder
          withColumnBorders
          captionSide="top"
          verticalSpacing="xs"
          data-testid="rubric-table"
          aria-describedby={error ? errorId : undefined}
        >
          <Table.Caption style={{ textAlign: 'start' }}>{t('rubric.title', { name: rubric.name })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('rubric.criterion')}</Table.Th>
              <Table.Th scope="col" colSpan={width}>
                {t('rubric.levels')}
              </Table.Th>
              <Table.Th scope="col">{t('rubric.score')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rubric.criteria.map((c) => {
              const headerId = `${id}-${c.id}`;
              const chosen = c.levels.find((l) => l.id === value[c.id]);
              return (
                <Table.Tr key={c.id} data-criterion={c.id}>
                  <Table.Th scope="row" id={headerId} fw={600}>
                    {c.title}
                  </Table.Th>
                  {c.levels.map((l) => {
                    const on = chosen?.id === l.id;
                    return (
                      <LevelCell
                        key={l.id}
                        label={l.label}
                        points={points(l.points)}
                        on={on}
                        name={`${id}-${c.id}`}
                        value={l.id}
                        describedBy={headerId}
                        onPick={onChange && (() => onChange({ ...value, [c.id]: l.id }))}
                      />
                    );
                  })}
                  {c.levels.length < width && <Table.Td colSpan={width - c.levels.length} />}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{chosen ? number.format(chosen.points) : t('rubric.notChosen')}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" colSpan={width + 1}>
                {t('rubric.total')}
              </Table.Th>
              <Table.Td fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="rubric-total">
                {`${number.format(total)} / ${number.format(rubric.maxPoints)}`}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {error && <Input.Error id={errorId}>{error}</Input.Error>}
    </Stack>
  );
};

/** Whether every criterion has a level chosen. */
export const rubricComplete = (rubric: RubricGrading, value: Selections): boolean => rubric.criteria.every((c) => c.levels.some((l) => l.id === value[c.id]));

/** The same choices (criterion by criterion). */
export const sameSelections = (a: Selections, b: Selections): boolean => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => a[k] === b[k]);
};
