import { useCallback, useId, useState } from 'react';
import { Button, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReportLine } from '@klase/core/gradebook/views';
import type { TotalExplanation } from '@klase/core/gradebook/types';
import { useTone } from '../../../components/tones.ts';
import { RichContent } from '../../../components/rich-content.tsx';
import { percentText, shareText } from './explain-text.ts';

/** Lines of different kinds may share an id (a category and the course's root): the key has both. */
export const lineKey = (line: ReportLine) => `${line.kind}-${line.id}`;

export const isTotal = (line: ReportLine) => line.kind !== 'item';

/** A total with something to explain (hidden totals show "-" and explain nothing). */
export const explained = (line: ReportLine): line is ReportLine & { explanation: TotalExplanation } =>
  isTotal(line) && !line.hiddenByPolicy && !!line.explanation;

export interface LineText {
  grade: string;
  range: string;
  percentage: string;
  letter: string;
  weight: string;
  contribution: string;
}

/** The printed cells of a line: "-" for empty, "Excused" for an excused grade, "-" for a total the policy hides and for a total's contribution. */
export const useLineText = (decimals: number) => {
  const { t } = useTranslation('gradeReport');
  return useCallback(
    (line: ReportLine): LineText => {
      const hidden = !!line.hiddenByPolicy;
      return {
        grade: line.excused ? t('report.excused') : hidden || line.value === null ? '-' : line.display || '-',
        range: line.range || '-',
        percentage: hidden ? '-' : percentText(line.percent, decimals),
        letter: hidden ? '-' : (line.letter ?? '-'),
        weight: shareText(line.weight),
        // Only items contribute to the course total; totals show "-" (as Moodle does).
        contribution: isTotal(line) ? '-' : percentText(line.contribution),
      };
    },
    [t, decimals],
  );
};

/** What a line is called: items and category headers by name; totals "Quizzes total", "Course total", "Final grade". */
export const useLineLabel = () => {
  const { t } = useTranslation('gradeReport');
  return useCallback(
    (line: ReportLine): string => {
      if (line.kind === 'course') return t('summary.courseTotal');
      if (line.kind === 'final') return t('summary.finalGrade');
      if (line.kind === 'item') return line.name;
      return t('report.totalOf', { name: line.name });
    },
    [t],
  );
};

export interface Disclosure {
  /** The panel's id. */
  id: string;
  open: boolean;
  toggle: () => void;
}

/**
 * Per line of a report view: its key, printed cells, and the state of its two disclosures (the
 * explanation of a total, an item's feedback), remembered by line while the view stays.
 */
export const useReportLines = (decimals: number) => {
  const base = useId();
  const text = useLineText(decimals);
  const label = useLineLabel();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (key: string) =>
      setOpen((prev) => {
        const next = new Set(prev);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      }),
    [],
  );
  const disclosure = (what: 'explain' | 'feedback', key: string, i: number): Disclosure => ({
    id: `${base}-${what}-${i}`,
    open: open.has(`${what}:${key}`),
    toggle: () => toggle(`${what}:${key}`),
  });
  return (line: ReportLine, i: number) => {
    const key = lineKey(line);
    return { key, label: label(line), cells: text(line), explain: disclosure('explain', key, i), feedback: disclosure('feedback', key, i) };
  };
};

interface ToggleProps {
  open: boolean;
  /** The panel's id (set only while it is in the page). */
  controls: string;
  onToggle: () => void;
  label: string;
  /** Whose disclosure: read by screen readers after the label, so every button has its own name. */
  name: string;
}

/** A disclosure button: keyboard reachable, with aria-expanded and the panel it opens. */
export const ToggleButton = ({ open, controls, onToggle, label, name }: ToggleProps) => {
  const Icon = open ? IconChevronUp : IconChevronDown;
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      px={4}
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      onClick={onToggle}
      rightSection={<Icon size={14} aria-hidden="true" />}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
    >
      {label}
      <VisuallyHidden>{`: ${name}`}</VisuallyHidden>
    </Button>
  );
};

/** The explanation's button of a total. */
export const ExplainButton = ({ name, state }: { name: string; state: Disclosure }) => {
  const { t } = useTranslation('gradeReport');
  return <ToggleButton open={state.open} controls={state.id} onToggle={state.toggle} label={state.open ? t('explain.close') : t('explain.open')} name={name} />;
};

/** The feedback's button of an item that has feedback. */
export const FeedbackButton = ({ name, state }: { name: string; state: Disclosure }) => {
  const { t } = useTranslation('gradeReport');
  return (
    <ToggleButton open={state.open} controls={state.id} onToggle={state.toggle} label={state.open ? t('feedback.hide') : t('feedback.show')} name={name} />
  );
};

/** The teacher's feedback (sanitized by the server). */
export const FeedbackPanel = ({ id, line }: { id: string; line: ReportLine }) => {
  const { t } = useTranslation('gradeReport');
  return (
    <div id={id}>
      <RichContent html={line.feedbackHtml ?? ''} label={t('feedback.of', { name: line.name })} />
    </div>
  );
};

/** Under a total the policy hides: why it shows "-". */
export const HiddenTotalNote = () => {
  const { t } = useTranslation('gradeReport');
  const muted = useTone('muted');
  return (
    <Text size="xs" c={muted} fw={400}>
      {t('report.hiddenTotal')}
    </Text>
  );
};
