import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Badge, Button, Card, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconDotsVertical, IconExternalLink, IconEye, IconEyeOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CourseDetails, ElementDetails } from '@klase/core/courses/contracts';
import { formatDate } from '../../components/date-text.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { useTone } from '../../components/tones.ts';
import { useCourseLinks } from '../../config/course-links.ts';
import { deleteMaterialCall, useAskMaterialDelete } from '../../components/material-delete.tsx';
import { deleteElementCall, publishElementCall, publishMaterialCall, useCourseAction } from '../../api/courses-api.ts';
import { MATERIAL_TYPES, MaterialTypeIcon, useMaterialTypeLabel } from '../../components/material-types.tsx';
import css from './courses.module.css';
import { contentsChoice } from '../../components/publish-contents.tsx';

type Material = ElementDetails['materials'][number];

/** Menus open on their first item: Mantine's focus placeholder (role presentation) is not a valid child of a menu. */
const MENU_PROPS = { withinPortal: true, withInitialFocusPlaceholder: false } as const;

/** "Everyone", "3 students", "Groups: Red, Blue", or nobody yet (a copy from another class, issue 13). */
const useAssigneesText = () => {
  const { t } = useTranslation('courses');
  return (a: ElementDetails['assignees']) =>
    a.mode !== 'everyone' && a.students.length === 0 && a.groups.length === 0
      ? t('editor.assignedNobody')
      : a.mode === 'students'
        ? t('editor.assignedStudents', { count: a.students.length })
        : a.mode === 'groups'
          ? t('editor.assignedGroups', { names: a.groups.map((g) => g.name).join(', ') })
          : t('assignModes.everyone');
};

/** The confirmations of a catalogue course speak of the teachers who copy it, not of a class's students. */
const scopeOf = (course: Pick<CourseDetails, 'classId'>) => (course.classId === null ? 'Catalogue' : '');

/** The menu button of a row: a named icon button. */
const MenuTarget = ({ label }: { label: string }) => (
  <Menu.Target>
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label}>
      <IconDotsVertical size={18} aria-hidden="true" />
    </ActionIcon>
  </Menu.Target>
);

interface MaterialRowProps {
  course: CourseDetails;
  elementId: string;
  material: Material;
  manage: boolean;
}

/** A material in the editor: type, name (a link to its form, or to open it), due date, state, actions. */
const MaterialRow = ({ course, elementId, material, manage }: MaterialRowProps) => {
  const { t } = useTranslation('courses');
  const typeLabel = useMaterialTypeLabel();
  const muted = useTone('muted');
  const danger = useTone('danger');
  const links = useCourseLinks();
  const { busy, run } = useCourseAction(course.classId);
  const askDelete = useAskMaterialDelete();
  const openTo = links.element(course.id, elementId, { materialId: material.id });
  const editTo = links.materialEdit(course.id, material.id);
  const key = material.published ? 'unpublish' : 'publish';
  const scope = scopeOf(course);
  const due = formatDate(material.dueAt);
  const togglePublished = () =>
    void run(key, {
      ask: {
        title: t(`publish.${key}MaterialTitle`),
        message: t(`publish.${key}${scope}MaterialConfirm`, { name: material.name }),
        confirmLabel: t(`publish.${key}`),
      },
      success: t(`publish.${key}ed`),
      send: () => publishMaterialCall(material.id, !material.published),
    });
  const remove = async () => {
    // A graded material with grades also asks what happens to its grades (features/materials/material-delete.tsx).
    const request = await askDelete({
      materialId: material.id,
      type: material.type,
      classId: course.classId,
      title: t('editor.deleteMaterialTitle'),
      message: t(`editor.delete${scope}MaterialConfirm`, { name: material.name }),
      confirmLabel: t('editor.delete'),
    });
    if (request) await run('delete', { success: t('editor.materialDeleted'), send: () => deleteMaterialCall(material.id, request.grades) });
  };
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" className={css.material} data-testid="material-row" aria-busy={busy !== null}>
      <MaterialTypeIcon type={material.type} style={{ flexShrink: 0, marginTop: 2 }} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Anchor component={Link} to={manage ? editTo : openTo} fw={500} style={{ overflowWrap: 'anywhere' }}>
          {material.name}
        </Anchor>
        <Group gap="xs" wrap="wrap" align="center">
          <StatusBadge status={material.status} size="sm" />
          <Text size="xs" c={muted}>
            {typeLabel(material.type)}
          </Text>
          {due && (
            <Text size="xs" c={muted} style={{ whiteSpace: 'nowrap' }}>
              {t('editor.due', { date: due })}
            </Text>
          )}
        </Group>
      </Stack>
      {manage && (
        <Menu position="bottom-end" {...MENU_PROPS}>
          <MenuTarget label={t('editor.materialActions', { name: material.name })} />
          <Menu.Dropdown>
            <Menu.Item component={Link} to={openTo} leftSection={<IconExternalLink size={16} aria-hidden="true" />}>
              {t('editor.open')}
            </Menu.Item>
            <Menu.Item component={Link} to={editTo} leftSection={<IconPencil size={16} aria-hidden="true" />}>
              {t('editor.edit')}
            </Menu.Item>
            <Menu.Item
              onClick={togglePublished}
              leftSection={material.published ? <IconEyeOff size={16} aria-hidden="true" /> : <IconEye size={16} aria-hidden="true" />}
            >
              {t(`publish.${key}`)}
            </Menu.Item>
            <Menu.Item onClick={() => void remove()} c={danger} leftSection={<IconTrash size={16} aria-hidden="true" />}>
              {t('editor.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
};

/** "Add material": the material types, each opening the new-material form in this element. */
const AddMaterialMenu = ({ course, element }: { course: CourseDetails; element: ElementDetails }) => {
  const { t } = useTranslation('courses');
  const typeLabel = useMaterialTypeLabel();
  const links = useCourseLinks();
  return (
    <Menu position="bottom-start" {...MENU_PROPS}>
      <Menu.Target>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          aria-label={t('editor.addMaterialTo', { name: element.name })}
        >
          {t('editor.addMaterial')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {MATERIAL_TYPES.map((type) => (
          <Menu.Item key={type} component={Link} to={links.materialNew(course.id, element.id, type)} leftSection={<MaterialTypeIcon type={type} size={16} />}>
            {typeLabel(type)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
};

export interface ElementCardProps {
  course: CourseDetails;
  element: ElementDetails;
  index: number;
  count: number;
  /** The class's teachers change the element; assistants read it. */
  manage: boolean;
  /** The drag handle (managers only). */
  handle?: ReactNode;
  onEdit: (element: ElementDetails) => void;
  onMove: (element: ElementDetails, delta: -1 | 1) => void;
}

/**
 * One course element in the editor: name, type, who it is for, its state and its materials; for
 * the class's teachers a drag handle, "Add material" and a menu (edit, publish or unpublish, move
 * up or down, delete).
 */
/** The element's name and status, its type and who it is for. */
const ElementHeading = ({ course, element }: Pick<ElementCardProps, 'course' | 'element'>) => {
  const { t } = useTranslation('courses');
  const assignees = useAssigneesText();
  return (
    <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
      <Group gap="xs" align="center">
        <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {element.name}
        </Title>
        <StatusBadge status={element.status} size="sm" />
      </Group>
      <Group gap="xs">
        <Badge variant="outline" color="gray.7" size="sm">
          {t(`elementTypes.${element.type}`)}
        </Badge>
        {/* A catalogue course has no class: its elements are for everyone who copies it. */}
        {course.classId !== null && <Text size="sm">{assignees(element.assignees)}</Text>}
      </Group>
    </Stack>
  );
};

export const ElementCard = ({ course, element, index, count, manage, handle, onEdit, onMove }: ElementCardProps) => {
  const { t } = useTranslation('courses');
  const danger = useTone('danger');
  const { busy, run } = useCourseAction(course.classId);
  const key = element.published ? 'unpublish' : 'publish';
  const togglePublished = () => {
    const question = t(`publish.${key}${scopeOf(course)}ElementConfirm`, { name: element.name });
    // Publishing offers to publish its materials too (issue 13).
    const choice = element.published ? null : contentsChoice(question, t('publish.contentsElement'));
    void run(key, {
      ask: { title: t(`publish.${key}ElementTitle`), message: choice?.message ?? question, confirmLabel: t(`publish.${key}`) },
      success: t(`publish.${key}ed`),
      send: () => publishElementCall(course.id, element.id, !element.published, choice?.contents() ?? false),
    });
  };
  const remove = () =>
    void run('delete', {
      ask: {
        title: t('editor.deleteElementTitle'),
        message: t('editor.deleteElementConfirm', { name: element.name, count: element.materials.length }),
        confirmLabel: t('editor.delete'),
        danger: true,
      },
      success: t('editor.elementDeleted'),
      send: () => deleteElementCall(course.id, element.id),
    });

  return (
    <Card withBorder radius="md" padding="md" data-testid="element-card" aria-busy={busy !== null}>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {handle}
          <ElementHeading course={course} element={element} />
          {manage && (
            <Menu position="bottom-end" {...MENU_PROPS}>
              <MenuTarget label={t('editor.elementActions', { name: element.name })} />
              <Menu.Dropdown>
                <Menu.Item onClick={() => onEdit(element)} leftSection={<IconPencil size={16} aria-hidden="true" />}>
                  {t('editor.edit')}
                </Menu.Item>
                <Menu.Item
                  onClick={togglePublished}
                  leftSection={element.published ? <IconEyeOff size={16} aria-hidden="true" /> : <IconEye size={16} aria-hidden="true" />}
                >
                  {t(`publish.${key}`)}
                </Menu.Item>
                <Menu.Item disabled={index === 0} onClick={() => onMove(element, -1)} leftSection={<IconArrowUp size={16} aria-hidden="true" />}>
                  {t('editor.moveUp')}
                </Menu.Item>
                <Menu.Item disabled={index === count - 1} onClick={() => onMove(element, 1)} leftSection={<IconArrowDown size={16} aria-hidden="true" />}>
                  {t('editor.moveDown')}
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item onClick={() => void remove()} c={danger} leftSection={<IconTrash size={16} aria-hidden="true" />}>
                  {t('editor.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        <Stack gap="xs">
          {element.materials.length === 0 ? (
            <Text size="sm">{manage ? t('editor.noMaterialsTeacher') : t('editor.noMaterials')}</Text>
          ) : (
            element.materials.map((m) => <MaterialRow key={m.id} course={course} elementId={element.id} material={m} manage={manage} />)
          )}
        </Stack>
        {manage && (
          <Group>
            <AddMaterialMenu course={course} element={element} />
          </Group>
        )}
      </Stack>
    </Card>
  );
};
