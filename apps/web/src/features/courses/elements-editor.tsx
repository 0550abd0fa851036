import { useState } from 'react';
import { Button, Group, Stack, Title, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { arrayMove } from '@dnd-kit/sortable';
import type { CourseDetails, ElementDetails } from '@klase/core/courses/contracts';
import { EmptyState } from '../../components/empty-state.tsx';
import { useErrorMessage } from '../../components/error-text.tsx';
import { SortableList, dndTexts } from '../../components/sortable-list.tsx';
import { toastError } from '../../lib/toasts.ts';
import { courseKeys, orderElementsCall } from '../../api/courses-api.ts';
import { ElementCard } from './element-card.tsx';
import { ElementFormDialog } from './element-form-dialog.tsx';

/** Moving an element; `said` tells screen readers where it went (or that the old order came back). */
const useReorder = (course: CourseDetails) => {
  const { t } = useTranslation('courses');
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const [said, setSaid] = useState('');

  /** Shows the new order at once, sends it, and restores the old one if the server refuses. */
  const reorder = async (from: number, to: number) => {
    const key = courseKeys.one(course.classId, course.id);
    const previous = queryClient.getQueryData<CourseDetails>(key);
    if (!previous || from === to || to < 0 || to >= previous.elements.length) return;
    const moved = previous.elements[from]!;
    const next = arrayMove(previous.elements, from, to);
    await queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData<CourseDetails>(key, { ...previous, elements: next });
    setSaid(t('dnd.moved', { name: moved.name, position: to + 1, count: next.length }));
    try {
      await orderElementsCall(
        course.id,
        next.map((e) => e.id),
      );
    } catch (e) {
      queryClient.setQueryData<CourseDetails>(key, previous);
      setSaid(t('dnd.restored', { name: moved.name }));
      toastError(errorMessage(e));
    }
    await queryClient.invalidateQueries({ queryKey: key });
  };
  return { said, reorder };
};

/**
 * The teacher's view of a course: its elements in order with their materials. The class's teachers
 * add, edit, publish, delete and reorder elements (by dragging, by keyboard on the drag handle, or
 * with "Move up"/"Move down"); the new order shows at once and goes back if the server refuses.
 * Assistants see the same without the controls.
 */
export const ElementsEditor = ({ course }: { course: CourseDetails }) => {
  const { t } = useTranslation('courses');
  const manage = course.can.manage;
  const elements = course.elements;
  const [editing, setEditing] = useState<ElementDetails | 'new' | null>(null);
  const { said, reorder } = useReorder(course);

  const onMove = (element: ElementDetails, delta: -1 | 1) => {
    const from = elements.findIndex((e) => e.id === element.id);
    void reorder(from, from + delta);
  };

  const addButton = manage && (
    <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEditing('new')}>
      {t('editor.addElement')}
    </Button>
  );
  const cardProps = (element: ElementDetails, index: number) => ({
    course,
    element,
    index,
    count: elements.length,
    manage,
    onEdit: setEditing,
    onMove,
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} size="h3">
          {t('editor.title')}
        </Title>
        {elements.length > 0 && addButton}
      </Group>
      <VisuallyHidden aria-live="polite" role="status">
        {said}
      </VisuallyHidden>
      {elements.length === 0 && <EmptyState text={manage ? t('editor.emptyTeacher') : t('editor.empty')}>{addButton}</EmptyState>}
      {manage ? (
        <Stack gap="md">
          <SortableList
            items={elements}
            idOf={(e) => e.id}
            nameOf={(e) => e.name}
            texts={dndTexts(t, 'editor.sortable', 'editor.dragHandle')}
            onMove={(from, to) => void reorder(from, to)}
            renderItem={(element, index, handle) => <ElementCard {...cardProps(element, index)} handle={handle} />}
          />
        </Stack>
      ) : (
        <Stack gap="md">
          {elements.map((element, index) => (
            <ElementCard key={element.id} {...cardProps(element, index)} />
          ))}
        </Stack>
      )}
      {editing !== null && <ElementFormDialog course={course} element={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
};
