/**
 * Late and inactive badges: white text on a dark orange. Mantine's darkest orange (orange.9,
 * #d9480f) reaches only 3.9:1 against white; this one is 6:1 and reads as orange in both themes.
 */
export const LATE_BADGE = '#a63c06';
