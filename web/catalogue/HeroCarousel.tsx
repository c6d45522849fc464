import type { FocusEvent } from 'react';
import { SCHOOL } from '../../contracts/core/school.js';
import { Button } from '../components/Button.js';
import { Link } from '../components/Link.js';
import { cx } from '../components/cx.js';
import { HERO_SLIDES } from './heroSlides.js';
import { useCarousel } from './useCarousel.js';
import './HeroCarousel.css';

export function HeroCarousel() {
  const slides = HERO_SLIDES;
  const carousel = useCarousel(slides.length);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) carousel.setFocused(false);
  };

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label="Featured programs"
      onMouseEnter={() => carousel.setHovered(true)}
      onMouseLeave={() => carousel.setHovered(false)}
      onFocus={() => carousel.setFocused(true)}
      onBlur={onBlur}
      data-running={carousel.isRunning || undefined}
    >
      {/* Announce slide changes only when the visitor is driving them, never while auto-rotating. */}
      <div className="hero__slides" aria-live={carousel.isRunning ? 'off' : 'polite'}>
        {slides.map((slide, i) => {
          const active = i === carousel.index;
          return (
            <div
              key={slide.title}
              className={cx('hero__slide', active && 'hero__slide--active')}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              aria-hidden={!active}
              inert={!active}
              data-slide={i}
            >
              {/* An <img>, not a CSS background, so the first slide's artwork (the largest paint) is
                  found in the HTML and fetched first. Decorative: the slide's heading says it all. */}
              <img
                className="hero__image"
                src={slide.backgroundImage}
                alt=""
                width={1600}
                height={900}
                style={{ objectPosition: slide.imagePosition }}
                fetchPriority={i === 0 ? 'high' : 'low'}
                decoding={i === 0 ? 'sync' : 'async'}
              />
              <div className="hero__content">
                <h2 className="hero__title">{slide.title}</h2>
                <p className="hero__subtitle">{slide.subtitle}</p>
                <Link href={slide.ctaLink} variant="secondary" size="lg">
                  {slide.ctaText}
                </Link>
              </div>
            </div>
          );
        })}
      </div>

      <div className="hero__overlay">
        <h1 className="hero__kicker">
          {SCHOOL.fullName}
          <span className="hero__place"> · Plano, Texas</span>
        </h1>
      </div>

      <div className="hero__controls">
        <div className="hero__dots" role="group" aria-label="Choose a slide">
          {slides.map((slide, i) => (
            <Button
              key={slide.title}
              variant="ghost"
              className={cx('hero__dot', i === carousel.index && 'hero__dot--active')}
              aria-label={`Slide ${i + 1}: ${slide.title}`}
              aria-current={i === carousel.index ? 'true' : undefined}
              onPress={() => carousel.goTo(i)}
            />
          ))}
        </div>
        <Button
          variant="ghost"
          className="hero__pause"
          aria-label={carousel.isPlaying ? 'Pause slideshow' : 'Play slideshow'}
          onPress={() => carousel.setPlaying(!carousel.isPlaying)}
        >
          <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
            {carousel.isPlaying ? (
              <path d="M6 4h3v12H6zM11 4h3v12h-3z" fill="currentColor" />
            ) : (
              <path d="M6 4l10 6-10 6z" fill="currentColor" />
            )}
          </svg>
        </Button>
      </div>
    </section>
  );
}
