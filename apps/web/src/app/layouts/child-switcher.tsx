import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { cleanChildName } from '@klase/core/status';
import { setSessionState, useSession } from '../../lib/session-store.ts';

/** A parent's child switcher in the header; the choice lives in the session store. */
export const ChildSwitcher = () => {
  const { t } = useTranslation('shell');
  const children = useSession((s) => s.childrenList);
  const selected = useSession((s) => s.selectedChildId);
  if (children.length === 0) return null;
  return (
    <Select
      aria-label={t('childSwitcher.label')}
      placeholder={t('childSwitcher.placeholder')}
      data={children.map((c) => ({ value: c.id, label: cleanChildName(c.name) || c.username }))}
      value={selected}
      onChange={(value) => setSessionState({ selectedChildId: value })}
      allowDeselect={false}
      size="sm"
      w={{ base: 140, sm: 200 }}
      comboboxProps={{ withinPortal: true }}
      data-tour="child-switcher"
    />
  );
};
