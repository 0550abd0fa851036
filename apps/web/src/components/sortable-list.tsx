import type { CSSProperties, ReactNode } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

/** The texts of dragging, in the user's language (each feature words them for its own items). */
export interface SortableTexts {
  /** The role description of a draggable item ("sortable item"). */
  roleDescription: string;
  /** How to drag with the keyboard, read when a handle gets focus. */
  instructions: string;
  /** The drag handle's name for one item. */
  handle: (name: string) => string;
  picked: (name: string, position: number, count: number) => string;
  over: (name: string, position: number, count: number) => string;
  dropped: (name: string, position: number, count: number) => string;
  outside: (name: string) => string;
  cancelled: (name: string) => string;
}

interface SortableItemProps {
  id: string;
  name: string;
  texts: SortableTexts;
  /** Draws the item with its drag handle (a grip button: pointer, touch, or Space and arrow keys). */
  children: (handle: ReactNode) => ReactNode;
}

const DRAGGING: CSSProperties = { position: 'relative', zIndex: 2, boxShadow: 'var(--mantine-shadow-md)' };

const SortableItem = ({ id, name, texts, children }: SortableItemProps) => {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    attributes: { roleDescription: texts.roleDescription },
  });
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size="lg"
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
      aria-label={texts.handle(name)}
    >
      <IconGripVertical size={18} aria-hidden="true" />
    </ActionIcon>
  );
  return (
    <div ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition, ...(isDragging ? DRAGGING : null) }}>
      {children(handle)}
    </div>
  );
};

export interface SortableListProps<T> {
  items: readonly T[];
  idOf: (item: T) => string;
  nameOf: (item: T) => string;
  texts: SortableTexts;
  /** An item was dropped at another place: indexes in `items`. */
  onMove: (from: number, to: number) => void;
  /** Draws one item; `handle` is its drag handle. */
  renderItem: (item: T, index: number, handle: ReactNode) => ReactNode;
}

/**
 * A vertical list reordered by dragging a grip handle with a pointer or a finger, or from the
 * keyboard (Space picks the item up, arrows move it, Space drops it, Escape cancels), with what
 * happens read out to screen readers. Callers add "Move up"/"Move down" buttons of their own.
 */
export const SortableList = <T,>({ items, idOf, nameOf, texts, onMove, renderItem }: SortableListProps<T>) => {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (id: UniqueIdentifier | undefined) => items.findIndex((item) => idOf(item) === id);
  const nameAt = (id: UniqueIdentifier) => {
    const item = items[indexOf(id)];
    return item === undefined ? '' : nameOf(item);
  };
  const count = items.length;
  const announcements: Announcements = {
    onDragStart: ({ active }) => texts.picked(nameAt(active.id), indexOf(active.id) + 1, count),
    onDragOver: ({ active, over }) => (over ? texts.over(nameAt(active.id), indexOf(over.id) + 1, count) : texts.outside(nameAt(active.id))),
    onDragEnd: ({ active, over }) => (over ? texts.dropped(nameAt(active.id), indexOf(over.id) + 1, count) : texts.outside(nameAt(active.id))),
    onDragCancel: ({ active }) => texts.cancelled(nameAt(active.id)),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(indexOf(active.id), indexOf(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: texts.instructions } }}
    >
      <SortableContext items={items.map(idOf)} strategy={verticalListSortingStrategy}>
        {items.map((item, index) => (
          <SortableItem key={idOf(item)} id={idOf(item)} name={nameOf(item)} texts={texts}>
            {(handle) => renderItem(item, index, handle)}
          </SortableItem>
        ))}
      </SortableContext>
    </DndContext>
  );
};

/**
 * The dragging texts from a namespace's `dnd` keys (instructions, picked, over, outside, dropped,
 * cancelled) and two keys of the caller's: the items' role description and the handle's name.
 */
export const dndTexts = (t: (key: string, options?: Record<string, unknown>) => string, roleKey: string, handleKey: string): SortableTexts => ({
  roleDescription: t(roleKey),
  instructions: t('dnd.instructions'),
  handle: (name) => t(handleKey, { name }),
  picked: (name, position, count) => t('dnd.picked', { name, position, count }),
  over: (name, position, count) => t('dnd.over', { name, position, count }),
  dropped: (name, position, count) => t('dnd.dropped', { name, position, count }),
  outside: (name) => t('dnd.outside', { name }),
  cancelled: (name) => t('dnd.cancelled', { name }),
});
