"""Files: the data folder, the autosave and saves (:mod:`.storage`), reading a log from
someone else (:mod:`.reading`), the config file (:mod:`.config`), bug reports
(:mod:`.reproduce`) and what ships with the game (:mod:`.shipped`)."""
