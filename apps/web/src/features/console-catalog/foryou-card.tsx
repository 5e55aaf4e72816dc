import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  FORYOU_PIN_MAX_POSITION,
  type AdminDramaDetail,
  type ForYouSettingsBody,
  type ForYouSettingsData,
} from '@snapdrama/contract';
import { consoleApi } from '../../shared/console/console-api';
import { commonMessages } from '../../shared/console/console-common-messages';
import { defineConsoleMessages, useConsoleText } from '../../shared/console/console-i18n';
import { Banner, Button, Card, Field, ui } from '../../shared/console/console-ui';
import styles from './catalog.module.css';

const messages = defineConsoleMessages({
  en: {
    'foryou.title': 'For You feed',
    'foryou.pin': 'Pin to the feed',
    'foryou.position': 'Position in the feed',
    'foryou.exclude': 'Keep out of the feed',
    'foryou.trailer': 'What the feed plays',
    'foryou.first_free': 'The first free episode',
    'foryou.episode': 'Episode {{n}}',
    'foryou.clip_start': 'Clip start (seconds)',
    'foryou.clip_end': 'Clip end (seconds, empty for the whole episode)',
  },
  ko: {
    'foryou.title': '추천 피드',
    'foryou.pin': '피드에 고정',
    'foryou.position': '피드 속 순서',
    'foryou.exclude': '피드에서 제외',
    'foryou.trailer': '피드에서 재생할 영상',
    'foryou.first_free': '첫 무료 회차',
    'foryou.episode': '{{n}}화',
    'foryou.clip_start': '클립 시작(초)',
    'foryou.clip_end': '클립 끝(초, 비워 두면 회차 전체)',
  },
  ja: {
    'foryou.title': 'おすすめフィード',
    'foryou.pin': 'フィードに固定',
    'foryou.position': 'フィード内の順番',
    'foryou.exclude': 'フィードから除外',
    'foryou.trailer': 'フィードで再生する映像',
    'foryou.first_free': '最初の無料エピソード',
    'foryou.episode': '第{{n}}話',
    'foryou.clip_start': 'クリップの開始（秒）',
    'foryou.clip_end': 'クリップの終了（秒、空欄でエピソード全体）',
  },
});

const path = (dramaId: number) => `/foryou/dramas/${dramaId}`;

/** The drama's place in the For You feed (issue 45): a pin, an exclusion, a trailer clip. */
export function ForYouCard(props: { detail: AdminDramaDetail }) {
  const { detail } = props;
  const settings = useQuery({
    queryKey: ['console', 'foryou', detail.id] as const,
    queryFn: () => consoleApi.get<ForYouSettingsData>(path(detail.id)),
  });
  const t = useConsoleText(messages);
  return (
    <Card title={t('foryou.title')}>
      {settings.isError && <Banner kind="error">{settings.error.message}</Banner>}
      {settings.data && <ForYouForm key={detail.id} detail={detail} initial={settings.data} />}
    </Card>
  );
}

function ForYouForm(props: { detail: AdminDramaDetail; initial: ForYouSettingsData }) {
  const t = useConsoleText(messages);
  const common = useConsoleText(commonMessages);
  const { initial, detail } = props;
  const [pinned, setPinned] = useState(initial.pinnedPosition !== null);
  const [position, setPosition] = useState(String(initial.pinnedPosition ?? 1));
  const [excluded, setExcluded] = useState(initial.excluded);
  const [trailer, setTrailer] = useState(String(initial.trailerEpisode ?? ''));
  const [start, setStart] = useState(String(initial.clipStartSeconds));
  const [end, setEnd] = useState(
    initial.clipEndSeconds === null ? '' : String(initial.clipEndSeconds),
  );
  const save = useMutation({
    mutationFn: (body: ForYouSettingsBody) =>
      consoleApi.put<ForYouSettingsData>(path(detail.id), body),
  });
  return (
    <form
      className={styles.stack}
      data-testid="foryou-card"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({
          pinnedPosition: pinned && !excluded ? Number(position) : null,
          excluded,
          trailerEpisode: trailer === '' ? null : Number(trailer),
          clipStartSeconds: Number(start) || 0,
          clipEndSeconds: end.trim() === '' ? null : Number(end),
        });
      }}
    >
      {save.isError && <Banner kind="error">{save.error.message}</Banner>}
      {save.isSuccess && <Banner kind="success">{common('common.saved')}</Banner>}
      <label className={styles.check}>
        <input
          type="checkbox"
          name="pinned"
          checked={pinned}
          disabled={excluded}
          onChange={(e) => setPinned(e.target.checked)}
        />
        {t('foryou.pin')}
      </label>
      {pinned && !excluded && (
        <Field label={t('foryou.position')}>
          <input
            className={ui.input}
            type="number"
            min={1}
            max={FORYOU_PIN_MAX_POSITION}
            name="pinnedPosition"
            value={position}
            onChange={(e) => setPosition(e.target.value)}
          />
        </Field>
      )}
      <label className={styles.check}>
        <input
          type="checkbox"
          name="excluded"
          checked={excluded}
          onChange={(e) => setExcluded(e.target.checked)}
        />
        {t('foryou.exclude')}
      </label>
      <Field label={t('foryou.trailer')}>
        <select
          className={ui.input}
          name="trailerEpisode"
          value={trailer}
          onChange={(e) => setTrailer(e.target.value)}
        >
          <option value="">{t('foryou.first_free')}</option>
          {detail.episodes.map((e) => (
            <option key={e.number} value={String(e.number)}>
              {t('foryou.episode', { n: e.number })}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('foryou.clip_start')}>
        <input
          className={ui.input}
          type="number"
          min={0}
          max={3600}
          step="any"
          name="clipStartSeconds"
          value={start}
          onChange={(e) => setStart(e.target.value)}
        />
      </Field>
      <Field label={t('foryou.clip_end')}>
        <input
          className={ui.input}
          type="number"
          min={0}
          max={3600}
          step="any"
          name="clipEndSeconds"
          value={end}
          onChange={(e) => setEnd(e.target.value)}
        />
      </Field>
      <div>
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {common('common.save')}
        </Button>
      </div>
    </form>
  );
}
