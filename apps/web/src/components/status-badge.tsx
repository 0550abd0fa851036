import type { ReactNode } from 'react';
import { Badge, Box, Skeleton, Stack, VisuallyHidden, useMantineTheme, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { badgeTone, type BadgeStatus } from '@klase/core/status';

const STATUSES: readonly BadgeStatus[] = ['active', 'inactive', 'published', 'unpublished', 'copying', 'deleting'];

/** Accepts 'ACTIVE', 'Published', ... and returns the badge status, or null when unknown. */
export const toBadgeStatus = (s: string | null | undefined): BadgeStatus | null => {
  const v = (s ?? '').trim().toLowerCase();
  return (STATUSES as readonly string[]).includes(v) ? (v as BadgeStatus) : null;
};

/** Copy and delete run in the background; while they run the item is busy and blocks clicks. */
export const isBusyStatus = (s: string | null | undefined) => {
  const b = toBadgeStatus(s);
  return b === 'copying' || b === 'deleting';
};

/**
 * Filled badge backgrounds with white text. Shade 9 of the primary colour, gray.7 and violet.9 all
 * reach 4.5:1 against white text, and filled badges look the same in light and dark themes.
 */
export const badgeColor = (status: BadgeStatus, primaryColor: string): string => {
  const tone = badgeTone(status);
  return tone === 'primary' ? `${primaryColor}.9` : tone === 'progress' ? 'violet.9' : 'gray.7';
};

interface StatusBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  /** active, inactive, published, unpublished, copying, deleting (any case). */
  status: string;
  /** Text used instead of the translated status name. */
  label?: string;
}

/**
 * A status chip: active/published in the primary colour, inactive/unpublished grey. It is never
 * narrower than its word (a table column is not squeezed into "ENABL…").
 */
export const StatusBadge = ({ status, label, ...props }: StatusBadgeProps) => {
  const { t } = useTranslation('components');
  const theme = useMantineTheme();
  const known = toBadgeStatus(status);
  const color = known ? badgeColor(known, theme.primaryColor) : 'gray.7';
  return (
    <Badge variant="filled" color={color} c="white" miw="max-content" data-status={known ?? status} data-color={color} {...props}>
      {label ?? (known ? t(`status.${known}`) : status)}
    </Badge>
  );
};

/** Skeleton text shown in place of an item's title while it is being copied. */
export const CopyingSkeleton = ({ lines = 2 }: { lines?: number }) => {
  const { t } = useTranslation('components');
  return (
    <Stack gap={6} aria-busy="true" data-testid="copying-skeleton">
      <VisuallyHidden>{t('status.copying')}</VisuallyHidden>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} height={10} width={i === lines - 1 ? '60%' : '100%'} radius="sm" />
      ))}
    </Stack>
  );
};

const stop = (e: { preventDefault(): void; stopPropagation(): void }) => {
  e.preventDefault();
  e.stopPropagation();
};

/**
 * Wraps an item (a card, a row): while it is copying or deleting, shows the matching badge and
 * blocks clicks, keys and the item's menu (the content becomes inert).
 */
export const BusyGuard = ({ status, children }: { status: string | null | undefined; children: ReactNode }) => {
  const busy = isBusyStatus(status);
  if (!busy) return <>{children}</>;
  return (
    <Box pos="relative" aria-busy="true" data-busy={toBadgeStatus(status) ?? undefined}>
      <StatusBadge status={status ?? ''} pos="absolute" top={8} right={8} style={{ zIndex: 2 }} />
      <Box
        inert
        aria-disabled="true"
        onClickCapture={stop}
        onKeyDownCapture={stop}
        onPointerDownCapture={stop}
        onContextMenuCapture={stop}
        style={{ pointerEvents: 'none', opacity: 0.6 }}
        data-testid="busy-content"
      >
        {children}
      </Box>
    </Box>
  );
};
