import { useMemo } from 'react';
import { List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportLine } from '@klase/core/gradebook/views';
import type { TotalExplanation } from '@klase/core/gradebook/types';
import { useTone } from '../../../components/tones.ts';
import { explainTotal, type Phrase } from './explain-text.ts';
import css from './report.module.css';

interface ExplanationPanelProps {
  id: string;
  line: ReportLine & { explanation: TotalExplanation };
  /** The total's label ("Quizzes total"). */
  name: string;
  names: Readonly<Record<string, string>>;
  decimals: number;
}

/** "How was this calculated?": the method, the rules, every child with its part, and the result, in words. */
export const ExplanationPanel = ({ id, line, name, names, decimals }: ExplanationPanelProps) => {
  const { t } = useTranslation('gradeReport');
  const muted = useTone('muted');
  const e = useMemo(() => explainTotal(line.explanation, names, decimals), [line.explanation, names, decimals]);
  const say = (p: Phrase) => t(p.key, p.params);
  const title = t('explain.title', { name });
  return (
    <Stack id={id} gap={6} role="region" aria-label={title} className={css.panel} data-testid="explanation">
      <Text fw={700} size="sm">
        {title}
      </Text>
      {e.source && <Text size="sm">{say(e.source)}</Text>}
      <Text size="sm">{say(e.method)}</Text>
      {e.rules.length > 0 && (
        <List size="sm" spacing={2}>
          {e.rules.map((r) => (
            <List.Item key={r.key}>{say(r)}</List.Item>
          ))}
        </List>
      )}
      {e.children.length > 0 && (
        <>
          <Text size="sm" fw={700}>
            {t('explain.children')}
          </Text>
          <Stack component="ul" gap={4} className={css.children}>
            {e.children.map((c) => (
              <Text component="li" key={c.id} size="sm" className={css.name} data-counted={c.counted}>
                <Text span fw={c.counted ? 700 : 400} inherit>
                  {c.name ?? t('explain.unnamed')}
                </Text>
                {': '}
                {t('explain.childFacts', c.facts)}
                {c.note && (
                  <Text span c={muted} inherit>
                    {' — '}
                    {say(c.note)}
                  </Text>
                )}
              </Text>
            ))}
          </Stack>
        </>
      )}
      {e.result && <Text size="sm">{say(e.result)}</Text>}
      {e.clamped && <Text size="sm">{say(e.clamped)}</Text>}
      {e.empty && <Text size="sm">{say(e.empty)}</Text>}
    </Stack>
  );
};
