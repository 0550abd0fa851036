import { Box, Container, Group, Paper, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { LanguageMenu } from './language-menu.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

/** The frame of the sign-in, activation, password and link pages. */
export const VisitorLayout = () => {
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-light)">
      <Box component="header" px="md" py="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text component="p" fw={800} fz="xl" c="var(--mantine-color-anchor)">
            Klase
          </Text>
          <Group gap="xs" wrap="nowrap">
            <LanguageMenu />
            <ThemeToggle />
          </Group>
        </Group>
      </Box>
      <Container component="main" id="main-content" tabIndex={-1} size={460} py="xl" px="md">
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
          <Outlet />
        </Paper>
      </Container>
    </Box>
  );
};
