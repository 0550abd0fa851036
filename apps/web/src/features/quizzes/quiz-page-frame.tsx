import type { ReactNode } from 'react';
import { Tabs } from '@mantine/core';
import { Navigate, useParams, useSearchParams } from 'react-router';
import type { MaterialDetails } from '@klase/core/materials/contracts';
import { paths } from '../../config/paths.ts';
import { GroupLoadState } from '../../components/group-load-state.tsx';
import { useMaterial } from '../../api/materials-api.ts';

/** The quiz material of the page's address: a material of another class, course or type is not found. */
export const QuizMaterialLoader = ({ children }: { children: (material: MaterialDetails) => ReactNode }) => {
  const { id = '', courseId = '', materialId = '' } = useParams();
  const material = useMaterial(materialId);
  return (
    <GroupLoadState query={material}>
      {(m) => (m.type !== 'quiz' || m.courseId !== courseId || m.classId !== id ? <Navigate to={paths.notFound.to()} replace /> : children(m))}
    </GroupLoadState>
  );
};

/** The way back, the title and the quiz's name: the frame the assignment pages use too. */
export { PageFrame as QuizPageFrame, materialHref } from '../../components/page-frame.tsx';

/**
 * Tabs kept in the address (`?tab=`): the first tab is the default and has no parameter, so a
 * reload or a shared link opens the same tab. Mantine's tabs give the arrow-key movement. Panels
 * stay mounted (hidden) so a half-filled form survives a look at another tab; `children` gets
 * whether its tab is the open one, to load a tab's data only when it is shown.
 */
export const UrlTabs = <T extends string>({
  tabs,
  label,
  children,
}: {
  tabs: readonly { value: T; label: string }[];
  label: string;
  children: (tab: T, open: boolean) => ReactNode;
}) => {
  const [params, setParams] = useSearchParams();
  const first = tabs[0]!.value;
  const wanted = params.get('tab');
  const current = tabs.find((tab) => tab.value === wanted)?.value ?? first;
  return (
    <Tabs value={current} onChange={(v) => setParams(v && v !== first ? { tab: v } : {}, { replace: true })}>
      <Tabs.List aria-label={label}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="md">
          {children(tab.value, tab.value === current)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
};
