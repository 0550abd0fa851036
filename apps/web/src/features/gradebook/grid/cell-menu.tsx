import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconEye, IconEyeOff, IconHistory, IconLock, IconLockOpen, IconPencil, IconPencilOff, IconUserCheck, IconUserX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CELL, type GradeItemRow } from '@klase/core/gradebook/views';
import { ROW_HEIGHT } from './use-grid-window.ts';

export type CellAction = 'override' | 'removeOverride' | 'excuse' | 'unexcuse' | 'hide' | 'unhide' | 'lock' | 'unlock' | 'history';

/** The actions a cell offers: override (a material's grade), excuse, hide, lock and the history. */
export const cellActions = (item: GradeItemRow, flags: number, manage: boolean): CellAction[] => {
  const out: CellAction[] = [];
  if (manage) {
    const locked = (flags & CELL.locked) !== 0;
    if (item.materialId !== null && !locked) out.push(flags & CELL.overridden ? 'removeOverride' : 'override');
    if (!locked) out.push(flags & CELL.excused ? 'unexcuse' : 'excuse', flags & CELL.hidden ? 'unhide' : 'hide');
    out.push(locked ? 'unlock' : 'lock');
  }
  out.push('history');
  return out;
};

const ICONS: Record<CellAction, typeof IconDots> = {
  override: IconPencil,
  removeOverride: IconPencilOff,
  excuse: IconUserX,
  unexcuse: IconUserCheck,
  hide: IconEyeOff,
  unhide: IconEye,
  lock: IconLock,
  unlock: IconLockOpen,
  history: IconHistory,
};

interface CellMenuProps {
  label: string;
  actions: CellAction[];
  opened: boolean;
  onChange: (opened: boolean) => void;
  onAction: (action: CellAction) => void;
}

/** "⋯" on the active cell (also Shift+F10, the context-menu key or a right click). */
export const CellMenu = ({ label, actions, opened, onChange, onAction }: CellMenuProps) => {
  const { t } = useTranslation('gradeBook');
  return (
    <Menu opened={opened} onChange={onChange} position="bottom-end" withinPortal returnFocus={false} trapFocus>
      <Menu.Target>
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          aria-label={t('menu.open', { cell: label })}
          tabIndex={-1}
          onMouseDown={(e) => e.preventDefault()}
          onKeyDown={(e) => e.stopPropagation()}
          style={{ position: 'absolute', left: 2, top: (ROW_HEIGHT - 22) / 2 }}
        >
          <IconDots size={14} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onKeyDown={(e) => e.stopPropagation()}>
        {actions.map((action) => {
          const Icon = ICONS[action];
          return (
            <Menu.Item key={action} leftSection={<Icon size={16} aria-hidden="true" />} onClick={() => onAction(action)}>
              {t(`menu.${action}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
};
