from nainjaune.cli import main

raise SystemExit(main())
