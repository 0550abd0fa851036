import { useMemo } from 'react';
import { Alert, Grid, Skeleton, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClassRelation } from '@klase/core/classes/contracts';
import { ErrorText } from '../../components/error-text.tsx';
import { isApiError } from '../../api/http.ts';
import { paths } from '../../config/paths.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useCourse } from '../../api/courses-api.ts';
import { useClassDetails } from '../../api/class-api.ts';
import { useCourseLinks } from '../../config/course-links.ts';
import { ElementMaterialNav, PrevNext } from './element-parts.tsx';
import { courseStops, defaultStop, isReachable, journeyStops, neighbours, useJourneyFor, type PathStop } from './journey-state.ts';
import { MaterialPanel } from './material-panel.tsx';
import { useCourseDetails, useJourney } from '../../api/materials-api.ts';
import { StudentModeBanner } from './student-mode-tab.tsx';
import { BackLink } from '../../components/back-link.tsx';

const LEARNERS: readonly (ClassRelation | undefined)[] = ['student', 'parent'];

interface ElementData {
  /** The whole path (for previous and next) and this element's name. */
  stops: PathStop[];
  elementName: string | null;
  currentId: string | null;
  manage: boolean;
}

/**
 * What the element page stands on: the journey for students, parents and the preview; the course
 * with every element and material for staff.
 */
const useElementData = (classId: string, courseId: string, elementId: string, preview: boolean) => {
  const cls = useClassDetails(classId);
  const relation = cls.data?.relation;
  const staffView = !preview && relation !== undefined && !LEARNERS.includes(relation);
  const who = useJourneyFor(classId, preview);
  const journey = useJourney(courseId, staffView || relation === undefined ? null : who);
  const course = useCourseDetails(classId, courseId, staffView);
  const query = staffView ? course : journey;
  const data = useMemo((): ElementData | null => {
    if (staffView && course.data) {
      const element = course.data.elements.find((e) => e.id === elementId);
      return { stops: courseStops(course.data), elementName: element?.name ?? null, currentId: null, manage: course.data.can.manage };
    }
    if (!staffView && journey.data) {
      const element = journey.data.elements.find((e) => e.id === elementId);
      return { stops: journeyStops(journey.data), elementName: element?.name ?? null, currentId: journey.data.currentMaterialId, manage: false };
    }
    return null;
  }, [staffView, course.data, journey.data, elementId]);
  return { data, error: query.error, recordViews: who?.kind === 'self' && !staffView };
};

/** A catalogue course's element: the rex admin's view of the course (no class, no journey). */
const useCatalogueElementData = (courseId: string, elementId: string) => {
  const course = useCourseDetails(null, courseId);
  const data = useMemo((): ElementData | null => {
    if (!course.data) return null;
    // A class's course is not opened under the catalogue.
    const element = course.data.classId === null ? course.data.elements.find((e) => e.id === elementId) : undefined;
    return { stops: courseStops(course.data), elementName: element?.name ?? null, currentId: null, manage: course.data.can.manage };
  }, [course.data, elementId]);
  return { data, error: course.error, recordViews: false };
};

interface ElementBodyProps {
  data: ElementData | null;
  error: unknown;
  recordViews: boolean;
  preview: boolean;
}

const ElementBody = ({ data, error, recordViews, preview }: ElementBodyProps) => {
  const { t } = useTranslation('materials');
  const { courseId = '', elementId = '' } = useParams();
  const [params] = useSearchParams();
  const links = useCourseLinks();
  const hrefOf = (s: PathStop) => links.element(courseId, s.elementId, { materialId: s.materialId, studentMode: preview });
  const back = preview && links.studentMode ? links.studentMode(courseId) : links.course(courseId);
  // The page is named by its open material (or its element), and belongs to the course.
  const wanted = params.get('material');
  usePageTitle('page', (wanted ? data?.stops.find((s) => s.materialId === wanted)?.name : undefined) ?? data?.elementName ?? undefined);
  usePageTitle('course', useCourse(links.classId, courseId).data?.name);

  if (isApiError(error) && (error.status === 404 || error.status === 403 || error.code === 'VALIDATION')) return <Navigate to={paths.notFound.to()} replace />;
  if (error)
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
        <ErrorText error={error} />
      </Alert>
    );
  if (!data)
    return (
      <Stack gap="sm" aria-busy="true" data-testid="element-loading">
        <Skeleton height={28} width="40%" />
        <Skeleton height={240} />
      </Stack>
    );
  if (data.elementName === null) return <Navigate to={paths.notFound.to()} replace />;

  const inElement = data.stops.filter((s) => s.elementId === elementId);
  const selected = wanted ? data.stops.find((s) => s.materialId === wanted) : defaultStop(data.stops, elementId, data.currentId);
  // The address names the open material (so it stays open when the journey moves on); a material
  // of another element of the course is shown under its own element.
  if (selected && (!wanted || selected.elementId !== elementId)) return <Navigate to={hrefOf(selected)} replace />;
  const current = data.stops.find((s) => s.materialId === data.currentId) ?? null;
  const { previous, next } = selected ? neighbours(data.stops, selected.materialId) : {};

  return (
    <Stack gap="md">
      <BackLink to={back}>{t('element.backToCourse')}</BackLink>
      {preview && <StudentModeBanner />}
      <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
        {data.elementName}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ElementMaterialNav stops={inElement} selectedId={selected?.materialId ?? null} href={hrefOf} numberOf={(s) => data.stops.indexOf(s) + 1} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            {selected ? (
              <MaterialPanel
                key={selected.materialId}
                stop={selected}
                classId={links.classId}
                courseId={courseId}
                manage={data.manage}
                recordViews={recordViews}
                studentMode={preview}
                current={current ? { name: current.name, href: hrefOf(current) } : null}
              />
            ) : (
              wanted && (
                <Alert color="gray" variant="light">
                  {t('element.materialMissing')}
                </Alert>
              )
            )}
            {selected && isReachable(selected.state) && <PrevNext previous={previous} next={next} href={hrefOf} />}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
};

/** A class's course's element, as the caller sees it (or, `preview`, as a new student does). */
const ClassElementView = ({ preview }: { preview: boolean }) => {
  const { id = '', courseId = '', elementId = '' } = useParams();
  return <ElementBody {...useElementData(id, courseId, elementId, preview)} preview={preview} />;
};

/** `courses/:courseId/element/:elementId` (`?material=`): the element's materials and the open one. */
export const ElementPage = () => <ClassElementView preview={false} />;

/** `#/catalogue/courses/:courseId/element/:elementId` (`?material=`): a catalogue course's element (rex admin). */
export const CatalogueElementPage = () => {
  const { courseId = '', elementId = '' } = useParams();
  return <ElementBody {...useCatalogueElementData(courseId, elementId)} preview={false} />;
};

/** `.../element/:elementId/student-mode`: the teacher's preview of the element as a new student sees it. */
export const ElementStudentModePage = () => {
  const { id = '', courseId = '', elementId = '' } = useParams();
  const [params] = useSearchParams();
  const links = useCourseLinks();
  const relation = useClassDetails(id).data?.relation;
  // Students and parents have no preview: they see the element itself.
  if (relation && LEARNERS.includes(relation))
    return <Navigate to={links.element(courseId, elementId, { materialId: params.get('material') ?? undefined })} replace />;
  return <ClassElementView preview />;
};
