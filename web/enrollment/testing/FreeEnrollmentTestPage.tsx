import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Program } from '../../../contracts/catalogue/program.js';
import type { EnrollmentLookup, EnrollmentResponse, EnrollProgramResponse } from '../../../contracts/enrollment/api.js';
import { formatUsd, toCents } from '../../../contracts/enrollment/money.js';
import { Button } from '../../components/Button.js';
import { Card } from '../../components/Card.js';
import { toast } from '../../components/Toast.js';
import { apiJson, apiErrorText } from '../../core/api.js';
import { queryKeys } from '../../core/queryKeys.js';
import { usePageTitle } from '../../layout/usePageTitle.js';
import { TestModeGate, TestPageHeader } from './TestModeGate.js';

const PROGRAM_ID = '7';
const PERSON = {
  firstName: 'Free',
  lastName: 'Tester',
  email: 'free.tester@example.com',
  phone: '9725550199',
  participants: 1,
};
const STUDENT = {
  studentName: 'Test Student',
  studentAge: 9,
  studentGrade: '4th',
  school: 'Test Elementary',
  emergencyContact1Name: 'Contact One',
  emergencyContact1Phone: '9725550101',
  emergencyContact1Relationship: 'Parent',
  emergencyContact2Name: 'Contact Two',
  emergencyContact2Phone: '9725550102',
  emergencyContact2Relationship: 'Grandparent',
  agreeToCodeOfConduct: true,
  agreeToTerms: true,
};

export function FreeEnrollmentTestPage() {
  usePageTitle('Free Enrollment Test');
  return (
    <TestModeGate>
      <FreeEnrollmentTest />
    </TestModeGate>
  );
}

/** Enrolls in program 7, as a program or as workshop 7, and reads the enrollment back. */
function FreeEnrollmentTest() {
  const program = useQuery<Program>({ queryKey: queryKeys.program(PROGRAM_ID) });
  const [busy, setBusy] = useState<'program' | 'workshop' | null>(null);
  const [log, setLog] = useState<string[]>([]);

  const run = async (as: 'program' | 'workshop') => {
    setBusy(as);
    try {
      let enrollmentId: string;
      let position: string;
      if (as === 'program') {
        const r = await apiJson<EnrollProgramResponse>('POST', `/api/enroll/program/${PROGRAM_ID}`, {
          ...PERSON,
          notes: 'Free enrollment test',
        });
        enrollmentId = r.enrollmentId;
        position = r.position;
        setLog((l) => [...l, r.message]);
      } else {
        const workshop = await apiJson<{ price: number }>('GET', `/api/workshops/${PROGRAM_ID}`);
        const r = await apiJson<EnrollmentResponse>('POST', `/api/enroll/workshop/${PROGRAM_ID}`, {
          ...PERSON,
          ...STUDENT,
          workshopId: PROGRAM_ID,
          totalPrice: workshop.price,
        });
        enrollmentId = r.enrollmentId;
        position = r.position;
        setLog((l) => [
          ...l,
          `Workshop enrollment ${r.enrollmentId}: ${r.isFree ? `free, order ${r.orderId}` : `awaiting payment of ${formatUsd(r.amountCents)}`}.`,
        ]);
      }
      const found = await apiJson<EnrollmentLookup>(
        'GET',
        `/api/enrollments/${encodeURIComponent(enrollmentId)}?minPosition=${position}`,
      );
      setLog((l) => [...l, `Read back: ${found.id}, ${found.title}, ${found.status} / ${found.paymentStatus}.`]);
    } catch (err) {
      toast({
        title: 'Test Failed',
        description: apiErrorText(err) ?? 'The enrollment did not go through.',
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="container container--narrow section test-page">
      <TestPageHeader title="Free Enrollment Test">
        Enrolls a test person in program {PROGRAM_ID}, either as a program or as a workshop.
      </TestPageHeader>
      <Card as="section" aria-labelledby="fe-title">
        <h2 id="fe-title">Program {PROGRAM_ID}</h2>
        {program.data && (
          <p>
            {program.data.title}: {toCents(program.data.price) === 0 ? 'Free' : formatUsd(toCents(program.data.price))}
          </p>
        )}
        {program.isError && <p role="alert">{apiErrorText(program.error) ?? 'The program could not be loaded.'}</p>}
        <div className="button-row">
          <Button onPress={() => void run('program')} isPending={busy === 'program'}>
            Enroll as Program
          </Button>
          <Button variant="outline" onPress={() => void run('workshop')} isPending={busy === 'workshop'}>
            Enroll as Workshop
          </Button>
        </div>
        <ol aria-live="polite" className="test-page__status">
          {log.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
