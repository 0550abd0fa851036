import { Skeleton } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MaterialDetails } from '@klase/core/materials/contracts';
import { ErrorText } from '../../components/error-text.tsx';
import { QuestionsTab } from './questions-tab.tsx';
import { QuizMaterialLoader, QuizPageFrame, UrlTabs, materialHref } from './quiz-page-frame.tsx';
import { QuizSettingsFormView } from './quiz-settings-form.tsx';
import { useQuizSettings } from './quizzes-api.ts';

const TABS = ['settings', 'questions'] as const;

const SettingsBody = ({ material }: { material: MaterialDetails }) => {
  const { t } = useTranslation('quizzes');
  const navigate = useNavigate();
  const settings = useQuizSettings(material.id);
  const back = materialHref(material);
  return (
    <QuizPageFrame title={t('settings.title')} subtitle={material.name} back={{ to: back, label: t('backToQuiz') }}>
      {settings.isPending ? (
        <Skeleton height={320} aria-busy="true" />
      ) : settings.isError ? (
        <ErrorText error={settings.error} />
      ) : (
        <UrlTabs tabs={TABS.map((value) => ({ value, label: t(`settings.tabs.${value}`) }))} label={t('settings.title')}>
          {(tab, open) =>
            // The settings form stays mounted (its unsaved changes survive a look at the questions).
            tab === 'settings' ? (
              <QuizSettingsFormView key={settings.data.version} materialId={material.id} settings={settings.data} onCancel={() => void navigate(back)} />
            ) : (
              open && <QuestionsTab materialId={material.id} courseId={material.courseId} attemptCount={settings.data.attemptCount} />
            )
          }
        </UrlTabs>
      )}
    </QuizPageFrame>
  );
};

/** `quiz-settings/:materialId` (teachers of the class; `?tab=questions`): the quiz's settings and its questions. */
export function QuizSettingsPage() {
  return <QuizMaterialLoader>{(m) => <SettingsBody material={m} />}</QuizMaterialLoader>;
}
