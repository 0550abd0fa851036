import { useCallback } from 'react';
import {
  IconActivity,
  IconClipboardText,
  IconFileText,
  IconHelpCircle,
  IconLink,
  IconPaperclip,
  IconVideo,
  type Icon,
  type IconProps,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MATERIAL_TYPES, type MaterialType } from '@klase/core/class-work/contracts';

/** One icon per material type (lesson page, file, link, video link, assignment, quiz, activity). */
export const MATERIAL_TYPE_ICONS: Record<MaterialType, Icon> = {
  page: IconFileText,
  file: IconPaperclip,
  link: IconLink,
  video: IconVideo,
  assignment: IconClipboardText,
  quiz: IconHelpCircle,
  activity: IconActivity,
};

/** The type's icon, decorative (the type's name is always written beside it or in its label). */
export const MaterialTypeIcon = ({ type, ...props }: { type: MaterialType } & IconProps) => {
  const TypeIcon = MATERIAL_TYPE_ICONS[type];
  return <TypeIcon size={18} aria-hidden="true" {...props} />;
};

/** The translated name of a material type ("Lesson page", "Video link", ...). */
export const useMaterialTypeLabel = () => {
  const { t } = useTranslation('courses');
  return useCallback((type: MaterialType) => t(`materialTypes.${type}`), [t]);
};

export { MATERIAL_TYPES };
