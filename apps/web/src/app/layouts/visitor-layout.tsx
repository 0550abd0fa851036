import type { ReactNode } from 'react';
import { Box, Container, Group, Paper, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from './language-select.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

/** The product's name with the language and theme switches, above every page without the app's navigation. */
const VisitorFrame = ({ width, children }: { width: number; children: ReactNode }) => {
  const { t } = useTranslation('shell');
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-light)">
      <Box component="header" px="md" py="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text component="p" fw={800} fz="xl" c="var(--mantine-color-anchor)">
            {t('appName')}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <LanguageSelect />
            <ThemeToggle />
          </Group>
        </Group>
      </Box>
      <Container component="main" id="main-content" tabIndex={-1} size={width} py="xl" px="md">
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
          {children}
        </Paper>
      </Container>
    </Box>
  );
};

/** The frame of the sign-in, activation, password and link pages. */
export const VisitorLayout = () => (
  <VisitorFrame width={460}>
    <Outlet />
  </VisitorFrame>
);

/** The same frame, page-wide, around what anyone may read without signing in (a shared portfolio). */
export const PublicLayout = () => (
  <VisitorFrame width={960}>
    <Outlet />
  </VisitorFrame>
);
