import { useState, type ReactNode } from 'react';
import { ActionIcon, Popover } from '@mantine/core';
import { DatePicker, TimeInput } from '@mantine/dates';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
// The calendars' month and day names in Filipino and Chinese (dayjs registers them on import).
import 'dayjs/locale/tl-ph';
import 'dayjs/locale/zh-cn';
import { dayjsLocale } from '../lib/dates.ts';
import { useTone } from './tones.ts';
import { isValidDateText, isValidTimeText } from './text-mask.ts';

interface PickerButtonProps {
  value: string;
  onPick: (value: string) => void;
  disabled?: boolean;
}

/** An icon button that opens a picker in a focus-trapping popover; `children` gets a close function. */
const PickerPopover = (props: { label: string; icon: ReactNode; disabled?: boolean; children: (close: () => void) => ReactNode }) => {
  const muted = useTone('muted');
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom-end" withinPortal>
      <Popover.Target>
        <ActionIcon variant="subtle" color={muted} aria-label={props.label} onClick={() => setOpened((o) => !o)} disabled={props.disabled}>
          {props.icon}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>{props.children(() => setOpened(false))}</Popover.Dropdown>
    </Popover>
  );
};

/** Calendar button for a YYYY-MM-DD field: opens a date picker (in the user's language) in a popover. */
export const DatePickerButton = ({ value, onPick, disabled }: PickerButtonProps) => {
  const { t, i18n } = useTranslation('components');
  return (
    <PickerPopover label={t('field.openDatePicker')} icon={<IconCalendar size={18} aria-hidden="true" />} disabled={disabled}>
      {(close) => (
        <DatePicker
          locale={dayjsLocale(i18n.language)}
          value={isValidDateText(value) ? value : null}
          defaultDate={isValidDateText(value) ? value : undefined}
          onChange={(d) => {
            if (d) onPick(d.slice(0, 10));
            close();
          }}
        />
      )}
    </PickerPopover>
  );
};

/** Clock button for an HH:mm field: opens a 24-hour time input in a popover. */
export const TimePickerButton = ({ value, onPick, disabled }: PickerButtonProps) => {
  const { t } = useTranslation('components');
  return (
    <PickerPopover label={t('field.openTimePicker')} icon={<IconClock size={18} aria-hidden="true" />} disabled={disabled}>
      {(close) => (
        <TimeInput
          label={t('field.time')}
          value={isValidTimeText(value) ? value : ''}
          onChange={(e) => {
            const v = e.currentTarget.value.slice(0, 5);
            if (isValidTimeText(v)) onPick(v);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') close();
          }}
        />
      )}
    </PickerPopover>
  );
};
