/* A demo window driven as a user would, by an X client of its own: the test runs itself
 * under scripts/with-xvfb, starts `r600sim-demo scene --screenshot FILE` (no frame limit),
 * finds the window by its title, resizes it to 320x240, drags the mouse, presses space
 * twice and then q. The demo must quit with status 0 and its screenshot (written on quit)
 * must be 320x240 with the scene laid out for that size: the clear colour 0x000033 in the
 * bottom-right corner and the backdrop 0x33CC66 at NDC (-0.85, -0.85) = pixel (24, 222).
 * A second run is closed with Escape. Keys sent before SDL selects the window's input are
 * lost, so the quit key is sent again each second, for up to 60 s (a loaded machine).
 *
 *   test_demo_input WITH_XVFB R600SIM_DEMO */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/keysym.h>

#include "check.h"
#include "demo_shot.h"

static void sleep_ms(unsigned ms)
{
   struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
   nanosleep(&t, NULL);
}

/* Windows come and go while the test looks at them (SDL's, a demo's that is closing): an
 * error on one that is gone is not the test's concern, where Xlib's default handler would
 * exit. */
static int ignore_x_error(Display *dpy, XErrorEvent *e)
{
   (void)dpy;
   (void)e;
   return 0;
}

/* The top-level window whose name starts with `prefix`, or 0. */
static Window find_window(Display *dpy, const char *prefix)
{
   Window root = DefaultRootWindow(dpy), parent, *kids = NULL, found = 0;
   unsigned n = 0;
   if (!XQueryTree(dpy, root, &root, &parent, &kids, &n))
      return 0;
   for (unsigned i = 0; i < n && !found; i++) {
      char *name = NULL;
      if (XFetchName(dpy, kids[i], &name) && name) {
         if (!strncmp(name, prefix, strlen(prefix)))
            found = kids[i];
         XFree(name);
      }
   }
   if (kids)
      XFree(kids);
   return found;
}

static void send_key(Display *dpy, Window w, KeySym sym)
{
   XKeyEvent e = {0};
   e.display = dpy;
   e.window = w;
   e.root = DefaultRootWindow(dpy);
   e.same_screen = True;
   e.keycode = XKeysymToKeycode(dpy, sym);
   e.type = KeyPress;
   XSendEvent(dpy, w, True, KeyPressMask, (XEvent *)&e);
   e.type = KeyRelease;
   XSendEvent(dpy, w, True, KeyReleaseMask, (XEvent *)&e);
   XSync(dpy, False);
   sleep_ms(200);
}

static void send_drag(Display *dpy, Window w)
{
   XButtonEvent b = {0};
   b.display = dpy;
   b.window = w;
   b.root = DefaultRootWindow(dpy);
   b.same_screen = True;
   b.button = Button1;
   b.x = 100;
   b.y = 100;
   b.type = ButtonPress;
   XSendEvent(dpy, w, True, ButtonPressMask, (XEvent *)&b);
   XMotionEvent m = {0};
   m.display = dpy;
   m.window = w;
   m.root = b.root;
   m.same_screen = True;
   m.type = MotionNotify;
   m.state = Button1Mask;
   for (int i = 1; i <= 5; i++) {
      m.x = 100 + 10 * i;
      m.y = 100;
      XSendEvent(dpy, w, True, PointerMotionMask | Button1MotionMask, (XEvent *)&m);
   }
   b.type = ButtonRelease;
   b.x = 150;
   b.state = Button1Mask;
   XSendEvent(dpy, w, True, ButtonReleaseMask, (XEvent *)&b);
   XSync(dpy, False);
   sleep_ms(200);
}

/* Waits up to `ms` for the child, pressing `quit` in window `w` once a second (a key sent
 * before SDL selected the window's input is lost); its exit status, or -1 (then it is
 * killed). */
static int wait_child(pid_t pid, unsigned ms, Display *dpy, Window w, KeySym quit)
{
   for (unsigned t = 0; t < ms; t += 50) {
      if (w && t % 1000 == 0)
         send_key(dpy, w, quit);
      int st;
      if (waitpid(pid, &st, WNOHANG) == pid) {
         if (WIFSIGNALED(st))
            check(false, "the demo died of signal %d", WTERMSIG(st));
         return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
      }
      sleep_ms(50);
   }
   kill(pid, SIGKILL);
   waitpid(pid, NULL, 0);
   return -1;
}

#define TITLE "r600sim-demo scene: r600sim ("

static void run(Display *dpy, const char *demo, KeySym quit, bool resize)
{
   char png[] = "/tmp/r600sim-demo-input.XXXXXX";
   int fd = mkstemp(png);
   if (!check(fd >= 0, "mkstemp"))
      return;
   /* A window of an earlier run may outlive its exited client for a moment (and the next
    * client may get the same window id): wait until it is gone. */
   for (unsigned t = 0; t < 5000 && find_window(dpy, TITLE); t += 50)
      sleep_ms(50);
   close(fd);
   pid_t pid = fork();
   if (pid == 0) {
      execl(demo, demo, "--screenshot", png, "scene", (char *)NULL);
      _exit(127);
   }
   Window w = 0;
   for (unsigned t = 0; t < 30000 && !w; t += 100) {
      sleep_ms(100);
      w = find_window(dpy, TITLE);
   }
   if (check(w != 0, "no window titled \"r600sim-demo scene: r600sim (...\" within 30 s")) {
      if (resize) {
         XResizeWindow(dpy, w, 320, 240);
         XSync(dpy, False);
         sleep_ms(1500);   /* frames at the new size */
         send_drag(dpy, w);
         send_key(dpy, w, XK_space);
         send_key(dpy, w, XK_space);
      }
   }
   int status = wait_child(pid, 60000, dpy, w, quit);
   CHECK(status == 0, "the demo did not quit on %s (status %d)", XKeysymToString(quit), status);
   struct shot s = {0};
   if (status == 0 && resize && check(shot_read(png, &s), "no screenshot after quitting")) {
      if (check(s.width == 320 && s.height == 240, "screenshot %ux%u after resizing to 320x240",
                s.width, s.height)) {
         CHECK(shot_rgb(&s, 317, 237) == 0x000033, "clear colour 0x%06x at (317, 237)",
               shot_rgb(&s, 317, 237));
         CHECK(shot_rgb(&s, 24, 222) == 0x33CC66, "backdrop 0x%06x at (24, 222)",
               shot_rgb(&s, 24, 222));
      }
      shot_free(&s);
   }
   unlink(png);
}

int main(int argc, char **argv)
{
   if (argc != 3) {
      fprintf(stderr, "usage: %s WITH_XVFB R600SIM_DEMO\n", argv[0]);
      return 2;
   }
   shot_require_xvfb();
   /* The interpreter: no JIT compile delays the first frames on a loaded machine. */
   setenv("R600SIM_ENGINE", "interp", 1);
   if (!getenv("R600SIM_TEST_IN_XVFB")) {   /* run again inside a private Xvfb */
      setenv("R600SIM_TEST_IN_XVFB", "1", 1);
      execl(argv[1], argv[1], argv[0], argv[1], argv[2], (char *)NULL);
      perror(argv[1]);
      return 1;
   }
   Display *dpy = XOpenDisplay(NULL);
   if (!check(dpy != NULL, "cannot open the Xvfb display %s", getenv("DISPLAY")))
      return check_report();
   XSetErrorHandler(ignore_x_error);
   run(dpy, argv[2], XK_q, true);
   run(dpy, argv[2], XK_Escape, false);
   XCloseDisplay(dpy);
   return check_report();
}
