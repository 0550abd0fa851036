import type { ReactNode } from 'react';
import { Tooltip } from '@mantine/core';
import { IconClockExclamation, IconEyeOff, IconHourglass, IconLock, IconPencil, IconPointFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CELL } from '@klase/core/gradebook/contracts';

/** The marks of a cell's flags: an icon or short text each, named for screen readers (never colour only). */

const Mark = ({ label, children }: { label: string; children: ReactNode }) => (
  <Tooltip label={label} withinPortal openDelay={300}>
    <span role="img" aria-label={label} style={{ display: 'inline-flex', alignItems: 'center', lineHeight: 1 }}>
      {children}
    </span>
  </Tooltip>
);

export const CellMarks = ({ flags }: { flags: number }) => {
  const { t } = useTranslation('gradeBook');
  if (flags === 0) return null;
  return (
    <span style={{ display: 'inline-flex', gap: 2, alignItems: 'center' }}>
      {flags & CELL.overridden ? (
        <Mark label={t('marks.overridden')}>
          <IconPencil size={13} aria-hidden="true" />
        </Mark>
      ) : null}
      {flags & CELL.excused ? (
        <Mark label={t('marks.excused')}>
          <span style={{ fontSize: 11, fontWeight: 700 }} aria-hidden="true">
            {t('marks.excusedShort')}
          </span>
        </Mark>
      ) : null}
      {flags & CELL.hidden ? (
        <Mark label={t('marks.hidden')}>
          <IconEyeOff size={13} aria-hidden="true" />
        </Mark>
      ) : null}
      {flags & CELL.locked ? (
        <Mark label={t('marks.locked')}>
          <IconLock size={13} aria-hidden="true" />
        </Mark>
      ) : null}
      {flags & CELL.notReturned ? (
        <Mark label={t('marks.notReturned')}>
          <IconHourglass size={13} aria-hidden="true" />
        </Mark>
      ) : null}
      {flags & CELL.needsGrading ? (
        <Mark label={t('marks.needsGrading')}>
          <IconPointFilled size={13} aria-hidden="true" color="var(--mantine-color-orange-9)" />
        </Mark>
      ) : null}
      {flags & CELL.late ? (
        <Mark label={t('marks.late')}>
          <IconClockExclamation size={13} aria-hidden="true" />
        </Mark>
      ) : null}
    </span>
  );
};
