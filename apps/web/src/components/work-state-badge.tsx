import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WorkState } from '@klase/core/assignments/contracts';

/**
 * Filled chips with white text; every background reaches 4.5:1 against white (shade 9, gray.7).
 * Missing work is red, work waiting for the teacher blue or grape (late), graded violet, returned
 * teal. A module of its own, light, so the dashboard can show it without the assignment pages.
 */
export const WORK_STATE_COLORS: Record<WorkState, string> = {
  notSubmitted: 'gray.7',
  missing: 'red.9',
  submitted: 'blue.9',
  late: 'grape.9',
  graded: 'violet.9',
  returned: 'teal.9',
};

export const WorkStateBadge = ({ state, size = 'md' }: { state: WorkState; size?: 'sm' | 'md' | 'lg' }) => {
  const { t } = useTranslation('assignments');
  return (
    <Badge variant="filled" color={WORK_STATE_COLORS[state]} c="white" tt="none" size={size} data-state={state} style={{ flexShrink: 0 }}>
      {t(`states.${state}`)}
    </Badge>
  );
};
