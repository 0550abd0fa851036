import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { roleKeyOf } from '@klase/core/roles';

/** The translated name of a role id (common:roles.*). */
export const useRoleName = () => {
  const { t } = useTranslation('common');
  return useCallback(
    (roleId: number) => {
      const key = roleKeyOf(roleId);
      return key ? t(`roles.${key}`) : String(roleId);
    },
    [t],
  );
};
