import { useState, type ReactNode } from 'react';
import { ActionIcon, Button, Card, Group, Menu, Stack, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { arrayMove } from '@dnd-kit/sortable';
import { PORTFOLIO_ITEM_KINDS, type PortfolioDetails, type PortfolioItem, type PortfolioItemKind } from '@klase/core/portfolios/contracts';
import { EmptyState } from '../../components/empty-state.tsx';
import { useErrorMessage } from '../../components/error-text.tsx';
import { SortableList, dndTexts } from '../../components/sortable-list.tsx';
import { toastError } from '../../lib/toasts.ts';
import { ItemDialog } from './item-dialog.tsx';
import { ItemBody, KindLabel } from './item-view.tsx';
import { deleteItemCall, orderItemsCall, portfolioKeys, usePortfolioAction } from './portfolios-api.ts';

interface ItemCardProps {
  item: PortfolioItem;
  /** The owner's controls (drag handle, move, edit, delete); none when reading. */
  controls?: ReactNode;
  handle?: ReactNode;
}

/** One item: its kind, title and content, with the owner's controls beside the title. */
export const ItemCard = ({ item, controls, handle }: ItemCardProps) => (
  <Card withBorder padding="md" component="article" aria-label={item.title} data-testid="portfolio-item">
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 200px' }}>
          {handle}
          <Stack gap={2} style={{ minWidth: 0 }}>
            <KindLabel kind={item.kind} />
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {item.title}
            </Title>
          </Stack>
        </Group>
        {controls}
      </Group>
      <ItemBody item={item} />
    </Stack>
  </Card>
);

/** A portfolio's items, read-only, in their order. */
export const ItemsList = ({ items }: { items: PortfolioItem[] }) => {
  const { t } = useTranslation('portfolios');
  if (items.length === 0) return <EmptyState text={t('page.noItems')} />;
  return (
    <Stack gap="md">
      {items.map((item) => (
        <ItemCard key={item.id} item={item} />
      ))}
    </Stack>
  );
};

/** Moving an item: shown at once, sent, and put back if the server refuses; `said` tells screen readers. */
const useReorder = (portfolio: PortfolioDetails) => {
  const { t } = useTranslation('portfolios');
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const [said, setSaid] = useState('');
  const reorder = async (from: number, to: number) => {
    const key = portfolioKeys.one(portfolio.id);
    const previous = queryClient.getQueryData<PortfolioDetails>(key);
    if (!previous || from === to || to < 0 || to >= previous.items.length) return;
    const moved = previous.items[from]!;
    const next = arrayMove(previous.items, from, to);
    await queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData<PortfolioDetails>(key, { ...previous, items: next });
    setSaid(t('items.moved', { name: moved.title, position: to + 1, count: next.length }));
    try {
      queryClient.setQueryData<PortfolioDetails>(
        key,
        await orderItemsCall(
          portfolio.id,
          next.map((i) => i.id),
        ),
      );
    } catch (e) {
      queryClient.setQueryData<PortfolioDetails>(key, previous);
      setSaid(t('items.restored', { name: moved.title }));
      toastError(errorMessage(e));
    }
    await queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
  };
  return { said, reorder };
};

interface ItemControlsProps {
  item: PortfolioItem;
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** Move up, move down (the keyboard way besides the handle), edit and delete, each named after the item. */
const ItemControls = ({ item, index, count, onMove, onEdit, onDelete }: ItemControlsProps) => {
  const { t } = useTranslation('portfolios');
  const icon = (label: string, onClick: () => void, child: ReactNode, disabled = false) => (
    <ActionIcon variant="default" size="lg" aria-label={label} onClick={onClick} disabled={disabled}>
      {child}
    </ActionIcon>
  );
  return (
    <Group gap={6} wrap="nowrap">
      {icon(t('items.moveUpNamed', { title: item.title }), () => onMove(-1), <IconArrowUp size={16} aria-hidden="true" />, index === 0)}
      {icon(t('items.moveDownNamed', { title: item.title }), () => onMove(1), <IconArrowDown size={16} aria-hidden="true" />, index === count - 1)}
      {icon(t('items.editNamed', { title: item.title }), onEdit, <IconPencil size={16} aria-hidden="true" />)}
      {icon(t('items.deleteNamed', { title: item.title }), onDelete, <IconTrash size={16} aria-hidden="true" />)}
    </Group>
  );
};

type Editing = { kind: PortfolioItemKind; item: PortfolioItem | null } | null;

/**
 * The owner's items: add one of the four kinds, reorder (drag the handle, or Space and the arrow
 * keys on it, or Move up / Move down), edit, and delete after a confirmation.
 */
export const ItemsEditor = ({ portfolio }: { portfolio: PortfolioDetails }) => {
  const { t } = useTranslation('portfolios');
  const [editing, setEditing] = useState<Editing>(null);
  const { said, reorder } = useReorder(portfolio);
  const { run } = usePortfolioAction();
  const items = portfolio.items;

  const remove = (item: PortfolioItem) =>
    run(item.id, {
      ask: { title: t('items.deleteTitle'), message: t('items.deleteConfirm', { title: item.title }), confirmLabel: t('items.delete'), danger: true },
      success: t('items.deleted'),
      send: () => deleteItemCall(portfolio.id, item.id),
    });

  const addMenu = (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />}>{t('items.add')}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {PORTFOLIO_ITEM_KINDS.map((kind) => (
          <Menu.Item key={kind} onClick={() => setEditing({ kind, item: null })}>
            {t(`items.addKind.${kind}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} size="h4">
          {t('page.items')}
        </Title>
        {addMenu}
      </Group>
      <VisuallyHidden aria-live="polite" role="status">
        {said}
      </VisuallyHidden>
      {items.length === 0 && <EmptyState text={t('page.noItemsOwner')} />}
      <Stack gap="md">
        <SortableList
          items={items}
          idOf={(i) => i.id}
          nameOf={(i) => i.title}
          texts={dndTexts(t, 'items.sortable', 'items.dragHandle')}
          onMove={(from, to) => void reorder(from, to)}
          renderItem={(item, index, handle) => (
            <ItemCard
              item={item}
              handle={handle}
              controls={
                <ItemControls
                  item={item}
                  index={index}
                  count={items.length}
                  onMove={(delta) => void reorder(index, index + delta)}
                  onEdit={() => setEditing({ kind: item.kind, item })}
                  onDelete={() => void remove(item)}
                />
              }
            />
          )}
        />
      </Stack>
      {editing && <ItemDialog portfolioId={portfolio.id} kind={editing.kind} item={editing.item} onClose={() => setEditing(null)} />}
    </Stack>
  );
};
