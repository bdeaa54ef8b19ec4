/**
 * Mantine's stylesheets for every page: those of the components the site frame and the content pages render
 * (and those they are built from), in the order of Mantine's own styles.css. Forms, dialogs, tables, maps'
 * controls and the notification list bring theirs with them (mantine-screen-styles.ts), so a content page's
 * render-blocking CSS holds only what it draws. `mantine-styles.test.ts` follows every page and every lazily
 * loaded part to the Mantine components it renders and fails when a stylesheet is missing where it loads, or
 * out of Mantine's order (see node_modules/@mantine/core/styles.css).
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
