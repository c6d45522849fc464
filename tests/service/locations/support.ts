/** A second location in another zone (Mountain time), with two rooms: a Salon for 12 and a Tea Room for 8. */
export const EL_PASO = {
  name: 'El Paso',
  slug: 'el-paso',
  address: { line1: '100 N Mesa St', line2: 'Suite 4', city: 'El Paso', state: 'TX', postalCode: '79901' },
  timeZone: 'America/Denver',
  phone: '(915) 555-0100',
  hours: [
    { weekday: 1, opens: '09:00', closes: '17:00' },
    { weekday: 6, opens: '10:00', closes: '14:00' },
  ],
  rooms: [
    { name: 'Salon', capacity: 12 },
    { name: 'Tea Room', capacity: 8 },
  ],
  opensOn: '2027-02-01',
  directions: 'Across from the plaza; parking behind the building.',
  notes: 'Landlord: call before 9 on weekdays.',
};
