import type { WorkshopData } from '../../contracts/catalogue/workshop.js';
import { ADDRESS_ONE_LINE, SCHOOL } from '../../contracts/core/school.js';
import { dayRange, shiftByWeeks } from './season.js';

/**
 * The ten workshops of the specifications. Where the two specifications disagree on capacity
 * (tea parties 10 or 15, dinner 20 or 25), the enrollment side's figures are used: that is the
 * list seats are sold from. Times are in the school's zone (America/Chicago, CDT = UTC-5 in summer).
 */
const camp = (id: string, date: string): WorkshopData => ({
  id,
  title: "Children's Etiquette Camp",
  description: 'Four mornings of manners, dining skills and confidence for ages 7-12.',
  longDescription:
    `Our most popular summer program: ${dayRange(date, 4)}, 90 minutes a day.\n\n` +
    'Day 1: Introductions, greetings and first impressions.\nDay 2: Table manners with a full place setting.\n' +
    'Day 3: Kindness, respect and good sportsmanship.\nDay 4: Graduation luncheon and certificate ceremony.',
  additionalInfo: [
    { label: 'Schedule', value: 'Monday to Thursday, 10:00 AM - 11:30 AM' },
    { label: 'Includes', value: 'Workbook, snacks and a certificate on the final day' },
  ],
  date,
  time: '10:00 AM - 11:30 AM',
  location: ADDRESS_ONE_LINE,
  instructor: SCHOOL.owner,
  duration: '4 days (90 minutes a day)',
  category: 'summer',
  ageRange: '7-12',
  attire: 'Casual',
  price: 250,
  capacity: 18,
});

const princessTea = (id: string, date: string, ageRange: string): WorkshopData => ({
  id,
  title: 'Princess Tea Party',
  description: 'An enchanting afternoon tea where little royals learn tea-party manners.',
  longDescription:
    'Guests are welcomed with a curtsy, learn to hold a teacup and use a napkin, and practise polite conversation over tea sandwiches and sweets.\n\nTiaras welcome.',
  additionalInfo: [{ label: 'Includes', value: 'Tea, sandwiches, sweets and a keepsake photo' }],
  date,
  time: '12:30 PM - 2:00 PM',
  location: ADDRESS_ONE_LINE,
  instructor: SCHOOL.owner,
  duration: '1.5 hours',
  category: 'tea-party',
  ageRange,
  attire: 'Dressy but not formal',
  price: 75,
  capacity: 15,
});

/** The specifications' dates (2025), which the seed moves to the next season (service/catalogue/season.ts). */
export const SPECIFICATION_DATES: Readonly<Record<string, string>> = {
  '1': '2025-06-23T10:00:00-05:00',
  '2': '2025-07-07T10:00:00-05:00',
  '3': '2025-07-21T10:00:00-05:00',
  '4': '2025-06-07T12:30:00-05:00',
  '5': '2025-06-28T12:30:00-05:00',
  '6': '2025-07-19T19:00:00-05:00',
  '7': '2025-09-13T12:30:00-05:00',
  '8': '2025-09-20T10:00:00-05:00',
  '9': '2025-09-27T18:00:00-05:00',
  '10': '2025-08-19T17:00:00-05:00',
};

/**
 * The ten workshops with their dates moved `weeks` later on the school's clock (weekday and time
 * kept); texts that name dates (the camps' "June 23-26") follow the moved date.
 */
export const seedWorkshops = (weeks = 0): WorkshopData[] => {
  const on = (id: string) => shiftByWeeks(SPECIFICATION_DATES[id]!, weeks);
  return [
    camp('1', on('1')),
    camp('2', on('2')),
    camp('3', on('3')),
    princessTea('4', on('4'), '5-9'),
    princessTea('5', on('5'), '6-10'),
    {
      id: '6',
      title: 'Etiquette After Dark - Dinner',
      description: 'A four-course dinner with a gentle lesson in fine-dining etiquette.',
      longDescription:
        'An elegant evening for adults: a four-course meal served with instruction in American and continental dining styles, toasts and table conversation.\n\nCome alone or bring someone special.',
      additionalInfo: [{ label: 'Menu', value: 'Four courses; tell us about dietary needs when you enroll' }],
      date: on('6'),
      time: '7:00 PM - 9:00 PM',
      location: ADDRESS_ONE_LINE,
      instructor: SCHOOL.owner,
      duration: '2 hours',
      category: 'adult',
      ageRange: '18+',
      attire: 'Black attire',
      price: 150,
      note: 'Single: $150 / Couple: $250',
      priceTiers: [{ participants: 2, totalPrice: 250 }],
      capacity: 25,
    },
    {
      id: '7',
      title: 'Tea Party (Boys & Girls)',
      description: 'A lively tea party where boys and girls practise table manners together.',
      longDescription: 'Games, tea and treats that teach passing, serving and polite conversation.',
      date: on('7'),
      time: '12:30 PM - 2:00 PM',
      location: ADDRESS_ONE_LINE,
      instructor: SCHOOL.owner,
      duration: '1.5 hours',
      category: 'tea-party',
      ageRange: '6-10',
      attire: 'Dressy casual',
      price: 80,
      capacity: 15,
    },
    {
      id: '8',
      title: 'Manners & Me Training',
      description: 'A half-day camp of essential manners, with lunch and a certificate.',
      longDescription:
        'A focused half day covering greetings, table manners and thank-you notes.\nLunch is served as a practice meal, and every child receives a certificate.',
      additionalInfo: [{ label: 'Includes', value: 'Lunch and a certificate' }],
      date: on('8'),
      time: '10:00 AM - 1:00 PM',
      location: ADDRESS_ONE_LINE,
      instructor: SCHOOL.owner,
      duration: '3 hours',
      category: 'children',
      ageRange: '7-12',
      attire: 'Dressy attire requested',
      price: 150,
      capacity: 12,
    },
    {
      id: '9',
      title: 'Etiquette After Dark',
      description: 'Dining etiquette for grown-ups over a relaxed evening meal.',
      longDescription:
        'An evening of cocktails-hour conversation, a plated meal and polished dining skills.\nFor guests 21 and over.',
      additionalInfo: [{ label: 'Includes', value: 'Meal included' }],
      date: on('9'),
      time: '6:00 PM - 8:00 PM',
      location: ADDRESS_ONE_LINE,
      instructor: SCHOOL.owner,
      duration: '2 hours',
      category: 'adult',
      ageRange: '21+',
      attire: 'Cocktail or business formal',
      price: 130,
      capacity: 16,
    },
    {
      id: '10',
      title: 'Global Chamber of Commerce Networking Event',
      description: 'A free networking evening for business people, open to the public.',
      longDescription:
        'Meet local professionals, practise your introduction and enjoy light refreshments.\nFree and open to the public.',
      additionalInfo: [{ label: 'Refreshments', value: 'Light refreshments served' }],
      date: on('10'),
      time: '5:00 PM - 7:00 PM',
      location: ADDRESS_ONE_LINE,
      instructor: SCHOOL.owner,
      duration: '2 hours',
      category: 'business',
      ageRange: 'All ages',
      attire: 'Business casual',
      price: 0,
      capacity: 50,
    },
  ];
};

/** The specifications' list as written: June-September 2025. */
export const SEED_WORKSHOPS: WorkshopData[] = seedWorkshops(0);
