import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { MATERIAL_TYPES, type MaterialType } from '@klase/core/class-work/contracts';

const isMaterialType = (v: string): v is MaterialType => (MATERIAL_TYPES as readonly string[]).includes(v);

/** The translated name of a material type (an unknown type is shown as it is). */
export const useMaterialTypeName = () => {
  const { t } = useTranslation('classWork');
  return useCallback((type: string) => (isMaterialType(type) ? t(`materials.types.${type}`) : type), [t]);
};
