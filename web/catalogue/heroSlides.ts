/** The home page's five hero slides (marketing copy, not catalogue data). */
export interface HeroSlide {
  title: string;
  subtitle: string;
  ctaText: string;
  ctaLink: string;
  /** CSS background-position, so the artwork stays in view as the hero narrows. */
  imagePosition: string;
  backgroundImage: string;
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    title: 'Confidence That Lasts a Lifetime',
    subtitle: 'Etiquette and social-skills classes for children, teens, adults and teams, taught with warmth in Plano.',
    ctaText: 'Explore Our Programs',
    ctaLink: '/programs',
    imagePosition: '78% center',
    backgroundImage: '/images/hero/place-setting.svg',
  },
  {
    title: 'Little Ladies and Gentlemen',
    subtitle: 'Joyful classes where children ages 6-10 practice kindness, courtesy and table manners.',
    ctaText: "Children's Classes",
    ctaLink: '/programs?category=children',
    imagePosition: '80% center',
    backgroundImage: '/images/hero/tea-time.svg',
  },
  {
    title: 'Poise for the Teen Years',
    subtitle: 'Teens ages 11-17 learn to introduce themselves, hold a conversation and shine online and off.',
    ctaText: 'Teen Programs',
    ctaLink: '/programs?category=teens',
    imagePosition: '82% center',
    backgroundImage: '/images/hero/conversation.svg',
  },
  {
    title: 'Ready for What Comes Next',
    subtitle: 'Interviews, dining and first impressions for graduates preparing to launch into college and work.',
    ctaText: 'Prepare to Launch',
    ctaLink: '/programs?category=teens',
    imagePosition: '80% center',
    backgroundImage: '/images/hero/launch.svg',
  },
  {
    title: 'Polish for Professionals',
    subtitle: 'Executive presence, business dining and networking for individuals and whole teams.',
    ctaText: 'Business Etiquette',
    ctaLink: '/programs?category=business',
    imagePosition: '82% center',
    backgroundImage: '/images/hero/boardroom.svg',
  },
];
