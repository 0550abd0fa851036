import { Avatar, Box, Button, Group, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PersonRef } from '@klase/core/messaging/contracts';
import { paths } from '../../config/paths.ts';
import { FALLBACK_PHOTO } from '../../components/image-loader.tsx';
import { sizedPicture } from '../../lib/photo.ts';

const SECTIONS = [
  { key: 'conversations', to: paths.messages.to(), prefix: '/messages/list' },
  { key: 'contacts', to: paths.messageContacts.to(), prefix: '/messages/contacts' },
  { key: 'settings', to: paths.messageSettings.to(), prefix: '/messages/settings' },
] as const;

/** The messaging pages' h1 and their sections (conversations, contacts, settings) as links. */
export const MessagesNav = ({ title }: { title: string }) => {
  const { t } = useTranslation('messaging');
  const { pathname } = useLocation();
  const current = SECTIONS.find((s) => pathname.startsWith(s.prefix))?.key ?? null;
  return (
    <Group justify="space-between" align="flex-end" gap="xs" mb="sm">
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      <Box component="nav" aria-label={t('nav.sections')}>
        <Group gap={4} wrap="wrap">
          {SECTIONS.map((s) => (
            <Button
              key={s.key}
              component={Link}
              to={s.to}
              size="compact-sm"
              variant={current === s.key ? 'filled' : 'subtle'}
              aria-current={current === s.key ? 'page' : undefined}
            >
              {t(`nav.${s.key}`)}
            </Button>
          ))}
        </Group>
      </Box>
    </Group>
  );
};

/** A person's photo (the server's fallback picture when there is none), decorative: the name is always written beside it. */
export const PersonAvatar = ({ person, size = 36 }: { person: Pick<PersonRef, 'name' | 'photoUrl'>; size?: number }) => (
  <Avatar
    src={person.photoUrl ? sizedPicture(person.photoUrl, size) : FALLBACK_PHOTO}
    alt=""
    size={size}
    radius="xl"
    imageProps={{ loading: 'lazy' }}
    aria-hidden="true"
  >
    {person.name.slice(0, 1)}
  </Avatar>
);
