import { useCallback } from 'react';
import { IconCheck, IconClock, IconLock, IconMapPinFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../components/date-text.tsx';
import type { PathStop } from './journey-state.ts';

/** The state of a stop in words: "Done", "You are here", "Open", "Locked", "Opens Mar 3, 2026 8:00 AM". */
export const useStopStateText = () => {
  const { t } = useTranslation('materials');
  return useCallback(
    (stop: PathStop): string => {
      if (stop.state === 'unavailable') return t('journey.state.unavailable', { date: formatDate(stop.availableFrom) ?? '' });
      return stop.state ? t(`journey.state.${stop.state}`) : '';
    },
    [t],
  );
};

/** The stop's mark: a tick, a pin, its number, a lock or a clock (so no state is told by colour alone). */
export const StopMark = ({ stop, number, size = 20 }: { stop: PathStop; number: number; size?: number }) => {
  switch (stop.state) {
    case 'done':
      return <IconCheck size={size} stroke={3} aria-hidden="true" />;
    case 'current':
      return <IconMapPinFilled size={size + 4} aria-hidden="true" />;
    case 'locked':
      return <IconLock size={size} aria-hidden="true" />;
    case 'unavailable':
      return <IconClock size={size} aria-hidden="true" />;
    default:
      return <span aria-hidden="true">{number}</span>;
  }
};
