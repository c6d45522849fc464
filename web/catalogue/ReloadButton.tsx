import { Button } from '../components/Button.js';

/** Asks for the page again: on a page rendered as islands, its data comes with the page. */
export function ReloadButton() {
  return (
    <Button variant="outline" onPress={() => window.location.reload()}>
      Try again
    </Button>
  );
}
