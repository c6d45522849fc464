import { ASSIGNABLE_ROLES, ROLE_DESCRIPTIONS, ROLE_LABELS, type AssignableRole } from '../../contracts/admin/roles.js';
import { Radio, RadioGroup } from '../components/RadioGroup.js';
import './administrators.css';

/** Manager or instructor, each with what it may do, as the server's table says (contracts/admin/roles.ts). */
export function RolePicker({
  value,
  onChange,
  errorMessage,
  name = 'role',
}: {
  value: AssignableRole;
  onChange: (role: AssignableRole) => void;
  errorMessage?: string;
  name?: string;
}) {
  return (
    <RadioGroup
      label="Role"
      name={name}
      value={value}
      onChange={(v) => onChange(v as AssignableRole)}
      errorMessage={errorMessage}
      isRequired
    >
      {ASSIGNABLE_ROLES.map((role) => (
        <Radio key={role} value={role} className="role-option">
          <span className="role-option__name">{ROLE_LABELS[role]}</span>
          <span className="role-option__hint">{ROLE_DESCRIPTIONS[role]}</span>
        </Radio>
      ))}
    </RadioGroup>
  );
}
