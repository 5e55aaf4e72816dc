import { useEffect, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BANNER_MOBILE_QUERY, type Drama } from '@snapdrama/contract';
import { useReducedMotion } from '../../../shared/hooks/use-reduced-motion';
import { useContentText } from '../../../shared/i18n/content-text';
import { removeFirstScreen } from '../../../shared/ui/first-screen';
import { ChevronLeftIcon } from '../../../shared/ui/icons';
import { posterUrl } from './drama-card';
import styles from './banner-slider.module.css';
import { RatingBadge } from '../../../shared/ui/rating-badge';

/** Spec §9: auto-advance every 2000 ms with a 500 ms transition. */
export const BANNER_INTERVAL_MS = 2000;
export const BANNER_TRANSITION_MS = 500;
/**
 * The first poster is on screen: the slide the main page's HTML painted in its place can go (once
 * decoded, so no frame shows the empty banner between the two).
 */
function firstPosterShown(event: SyntheticEvent<HTMLImageElement>) {
  void event.currentTarget.decode().then(removeFirstScreen, removeFirstScreen);
}

/**
 * The top banner (spec §2): the latest dramas, horizontal posters on tablets and desktops and
 * vertical ones on phones (chosen by <picture>, so the right file loads before any script decides). With more than
 * one slide it loops: a copy of the first slide follows the last, and landing on it jumps back.
 * It stands still while the pointer or the keyboard is on it, and after its stop button (WCAG
 * 2.2.2); for a reader who
 * asked for reduced motion it never moves by itself and changes slides without sliding.
 */
export function BannerSlider({ dramas }: { dramas: Drama[] }) {
  const { t } = useTranslation();
  const text = useContentText();
  const count = dramas.length;
  const loops = count > 1;
  const slides = loops ? [...dramas, ...dramas.slice(0, 1)] : dramas;
  const [index, setIndex] = useState(0);
  const [animate, setAnimate] = useState(true);
  const reducedMotion = useReducedMotion();
  const [held, setHeld] = useState(false);
  // the viewer's own stop (WCAG 2.2.2: moving content has a control to pause it)
  const [stopped, setStopped] = useState(false);
  const autoplay = loops && !reducedMotion && !held && !stopped;

  useEffect(() => {
    if (!autoplay) return;
    // restarts after every move, so a click never leads to a double step
    const timer = setTimeout(() => {
      setAnimate(true);
      setIndex((i) => Math.min(i + 1, count));
    }, BANNER_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [index, autoplay, count]);

  useEffect(() => {
    if (animate) return;
    // re-enable the transition on the frame after the instant jump
    const frame = requestAnimationFrame(() => setAnimate(true));
    return () => cancelAnimationFrame(frame);
  }, [animate]);

  const onTransitionEnd = () => {
    if (index === count) {
      setAnimate(false);
      setIndex(0);
    }
  };
  const go = (direction: 1 | -1) => {
    if (reducedMotion) {
      // no slide, so no transition end to jump back on: wrap at once
      setAnimate(false);
      setIndex((i) => ((i % count) + direction + count) % count);
      return;
    }
    setAnimate(true);
    setIndex((i) => {
      if (direction === 1) return Math.min(i + 1, count);
      return i <= 0 ? count - 1 : i - 1;
    });
  };

  if (count === 0) return <div className={styles.banner} aria-hidden="true" />;
  const current = index % count;
  return (
    <section
      className={styles.banner}
      aria-roledescription="carousel"
      aria-label={t('catalog.banner')}
      data-testid="banner"
      data-index={current}
      data-autoplay={autoplay}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      <div
        className={styles.track}
        style={{
          transform: `translateX(-${index * 100}%)`,
          transition:
            animate && !reducedMotion ? `transform ${BANNER_TRANSITION_MS}ms ease` : 'none',
        }}
        onTransitionEnd={onTransitionEnd}
      >
        {slides.map((drama, i) => (
          <BannerSlide
            key={`${drama.dram_id}-${i}`}
            drama={drama}
            title={text(drama.titl_lang_key)}
            first={i === 0}
            current={i === index}
          />
        ))}
      </div>
      {loops && (
        <>
          <button
            type="button"
            className={`${styles.arrow} ${styles.prev}`}
            onClick={() => go(-1)}
            aria-label={t('catalog.prev')}
            data-testid="banner-prev"
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            onClick={() => go(1)}
            aria-label={t('catalog.next')}
            data-testid="banner-next"
          >
            <ChevronLeftIcon />
          </button>
          {!reducedMotion && (
            <button
              type="button"
              className={styles.pause}
              onClick={() => setStopped((s) => !s)}
              aria-label={t(stopped ? 'catalog.banner_play' : 'catalog.banner_pause')}
              data-testid="banner-pause"
              data-stopped={stopped}
            >
              <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                {stopped ? (
                  <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
                ) : (
                  <path d="M4 2.5h3v11H4zM9 2.5h3v11H9z" fill="currentColor" />
                )}
              </svg>
            </button>
          )}
          <div className={styles.dots} aria-hidden="true">
            {dramas.map((d, i) => (
              <span key={d.dram_id} className={i === current ? styles.dotActive : styles.dot} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/**
 * One slide: the drama's key art with its title set over it as text in the reader's language
 * (the art carries no words, issue 47). The title wraps and, past three lines, is clamped; the
 * whole of it stays the link's accessible name.
 */
function BannerSlide({
  drama,
  title,
  first,
  current,
}: {
  drama: Drama;
  title: string;
  first: boolean;
  current: boolean;
}) {
  return (
    <Link
      to={`/${drama.dram_id}`}
      className={styles.slide}
      aria-hidden={!current}
      tabIndex={current ? 0 : -1}
      draggable={false}
      data-testid="banner-slide"
    >
      <picture>
        <source media={BANNER_MOBILE_QUERY} srcSet={posterUrl(drama.pstr_vrtc_path)} />
        <img
          src={posterUrl(drama.pstr_hrzt_path)}
          // the title beside it names the link
          alt=""
          width={1280}
          height={720}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'low'}
          decoding="async"
          draggable={false}
          onLoad={first ? firstPosterShown : undefined}
          onError={first ? removeFirstScreen : undefined}
        />
      </picture>
      {/* top left: the top right holds the stop button of the banner's turning */}
      <RatingBadge ageRate={drama.age_rate} onPoster corner="left" />
      <span className={styles.caption} data-testid="banner-title">
        <span className={styles.title}>{title}</span>
      </span>
    </Link>
  );
}
