import { Select } from '@mantine/core';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cleanChildName } from '@klase/core/status';
import { setSessionState, useSession } from '../../lib/session-store.ts';
import { paths } from '../../config/paths.ts';

/**
 * A parent's child switcher; the choice lives in the session store. On a child's page the page
 * follows the choice. `compact` (the header) names the field without a visible label.
 */
export const ChildSwitcher = ({ compact = false }: { compact?: boolean }) => {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const children = useSession((s) => s.childrenList);
  const selected = useSession((s) => s.selectedChildId);
  if (children.length === 0) return null;

  const choose = (id: string | null) => {
    if (!id) return;
    setSessionState({ selectedChildId: id });
    if (matchPath(paths.accountChildDetails.pattern, pathname)) void navigate(paths.accountChildDetails.to(id));
    else if (matchPath(paths.accountChild.pattern, pathname)) void navigate(paths.accountChild.to(id));
  };

  return (
    <Select
      label={compact ? undefined : t('childSwitcher.label')}
      aria-label={compact ? t('childSwitcher.label') : undefined}
      placeholder={t('childSwitcher.placeholder')}
      data={children.map((c) => ({ value: c.id, label: cleanChildName(c.name) || c.username }))}
      value={selected}
      onChange={choose}
      allowDeselect={false}
      size="sm"
      w={{ base: '100%', sm: 200 }}
      comboboxProps={{ withinPortal: true }}
      data-tour="child-switcher"
    />
  );
};
