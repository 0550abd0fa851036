import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupRow } from '@klase/core/class-work/contracts';

/** The translated type of a group and, for generated ones, how they were split ("3 groups, at random"). */
export const useGroupLabels = () => {
  const { t } = useTranslation('classWork');
  const typeName = useCallback((type: GroupRow['type']) => t(`groups.types.${type}`), [t]);
  const how = useCallback(
    (g: Pick<GroupRow, 'splitBy' | 'splitSize' | 'splitOrder'>): string | null => {
      if (!g.splitBy || g.splitSize === null || !g.splitOrder) return null;
      const split = g.splitBy === 'groups' ? t('groups.how.groups', { count: g.splitSize }) : t('groups.how.members', { count: g.splitSize });
      return t('groups.how.summary', { split, order: t(`groups.how.order.${g.splitOrder}`) });
    },
    [t],
  );
  return { typeName, how };
};
