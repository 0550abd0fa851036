import type { Locale } from '@klase/core/constants';

/** Success texts of the portfolio actions (`{ message }` answers), in the caller's language. */
const MESSAGES = {
  portfolioPublished: {
    'en-us': 'The portfolio has been published. Your teachers and parents can see it now.',
    ph: 'Nailathala na ang portfolio. Makikita na ito ng iyong mga guro at magulang.',
    zh: '作品集已发布。你的老师和家长现在可以看到它。',
  },
  portfolioUnpublished: {
    'en-us': 'The portfolio has been unpublished. Only you can see it now.',
    ph: 'Hindi na nakalathala ang portfolio. Ikaw na lamang ang nakakakita nito.',
    zh: '作品集已取消发布。现在只有你能看到它。',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type PortfolioMessageKey = keyof typeof MESSAGES;

export const portfolioMessage = (locale: Locale, key: PortfolioMessageKey): { message: string } => ({ message: MESSAGES[key][locale] });
