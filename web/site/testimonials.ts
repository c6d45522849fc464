/** Words from families and clients, shown on the home, about and programs pages. */
export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

export const PARENT_TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'Our daughter came home from Manners & Me and set the dinner table without being asked, then thanked her brother for passing the bread. We were speechless in the best way.',
    name: 'Danielle R.',
    role: 'Parent, Plano',
  },
  {
    quote:
      'My son used to dread meeting new people. After the tweens and teens course he looks adults in the eye, shakes hands and actually enjoys the conversation.',
    name: 'Marcus T.',
    role: 'Parent, Frisco',
  },
  {
    quote:
      'The Princess Tea Party was enchanting. The girls felt like royalty, and they learned real table manners without ever noticing they were in a class.',
    name: 'Priya S.',
    role: 'Parent, Allen',
  },
];

export const CLIENT_TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'Executive Edge gave our new managers a shared language for professionalism. The dining tutorial alone paid for the session.',
    name: 'Laura K.',
    role: 'HR Director, regional healthcare group',
  },
  {
    quote:
      'Prepare to Launch was the best investment we made before college. Our son walked into his internship interview calm and ready.',
    name: 'Stephen and Amy W.',
    role: 'Parents, McKinney',
  },
  {
    quote:
      'Private lessons fitted around our schedule and focused exactly where I needed help: hosting clients and making small talk at events.',
    name: 'Jonathan P.',
    role: 'Private client',
  },
  {
    quote:
      'We brought a customized workshop to our school’s fifth grade. Teachers noticed a kinder, calmer lunchroom within weeks.',
    name: 'Rachel D.',
    role: 'Elementary school counselor',
  },
];
