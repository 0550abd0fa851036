import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { getSession, setSessionState, useSession } from '../../lib/session-store.ts';

/**
 * A parent's child on `#/classes`, kept in the URL (`?childId=`) and in step with the app shell's
 * child switcher: a link with `childId` selects that child everywhere, and choosing another child
 * in the switcher updates the URL. Null for users without children.
 */
export const useChildParam = (archived: boolean) => {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const children = useSession((s) => s.childrenList);
  const selected = useSession((s) => s.selectedChildId);
  const fromUrl = params.get('childId');
  const urlChild = children.some((c) => c.id === fromUrl) ? fromUrl : null;
  const childId = urlChild ?? (children.some((c) => c.id === selected) ? selected : (children[0]?.id ?? null));
  const lastSelected = useRef(selected);

  // A link with `childId` selects that child in the session (and so in the header).
  useEffect(() => {
    if (urlChild && urlChild !== getSession().selectedChildId) setSessionState({ selectedChildId: urlChild });
  }, [urlChild]);

  // Another child chosen in the header: the URL follows.
  useEffect(() => {
    const changed = lastSelected.current !== selected;
    lastSelected.current = selected;
    if (changed && selected && selected !== urlChild) void navigate(paths.classes.to({ childId: selected, archived }), { replace: true });
  }, [selected, urlChild, archived, navigate]);

  return { children, childId };
};
