import type { ReactNode } from 'react';
import { Tooltip } from '@mantine/core';
import { IconClockExclamation, IconEyeOff, IconHourglass, IconLock, IconPencil, IconPointFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CELL } from '@klase/core/gradebook/views';

/** The marks of a cell's flags: an icon or short text each, named for screen readers (never colour only). */

/** The gradebooks' usual mark of an excused grade, the same in every language (its name is translated). */
const EXCUSED_MARK = 'EX';

const MARKS: { flag: number; key: string; icon: ReactNode }[] = [
  { flag: CELL.overridden, key: 'overridden', icon: <IconPencil size={13} aria-hidden="true" /> },
  {
    flag: CELL.excused,
    key: 'excused',
    icon: (
      <span style={{ fontSize: 11, fontWeight: 700 }} aria-hidden="true">
        {EXCUSED_MARK}
      </span>
    ),
  },
  { flag: CELL.hidden, key: 'hidden', icon: <IconEyeOff size={13} aria-hidden="true" /> },
  { flag: CELL.locked, key: 'locked', icon: <IconLock size={13} aria-hidden="true" /> },
  { flag: CELL.notReturned, key: 'notReturned', icon: <IconHourglass size={13} aria-hidden="true" /> },
  { flag: CELL.needsGrading, key: 'needsGrading', icon: <IconPointFilled size={13} aria-hidden="true" color="var(--mantine-color-orange-9)" /> },
  { flag: CELL.late, key: 'late', icon: <IconClockExclamation size={13} aria-hidden="true" /> },
];

export const CellMarks = ({ flags }: { flags: number }) => {
  const { t } = useTranslation('gradeBook');
  if (flags === 0) return null;
  return (
    <span style={{ display: 'inline-flex', gap: 2, alignItems: 'center' }}>
      {MARKS.filter((m) => flags & m.flag).map((m) => (
        <Tooltip key={m.key} label={t(`marks.${m.key}`)} withinPortal openDelay={300}>
          <span role="img" aria-label={t(`marks.${m.key}`)} style={{ display: 'inline-flex', alignItems: 'center', lineHeight: 1 }}>
            {m.icon}
          </span>
        </Tooltip>
      ))}
    </span>
  );
};
