/** i18n key of a choice value: 'Mr.' → 'mr', 'Jr.' → 'jr', 'others' → 'others' (keys cannot hold dots). */
export const choiceKey = (value: string): string => value.toLowerCase().replace(/[^a-z0-9-]/g, '');
