// Filters of the proof site. Without JavaScript the pages show everything and the filter forms stay hidden.
// A control with data-filter="NAME" keeps the .filterable elements whose data-NAME (space-separated values)
// contains the chosen value; a checkbox with data-lang-toggle shows or hides one language's columns.
(function () {
  "use strict";
  var form = document.querySelector("form.filters");
  if (!form) {
    return;
  }
  form.hidden = false;
  function apply() {
    var shown = 0;
    var controls = form.querySelectorAll("[data-filter]");
    document.querySelectorAll(".filterable").forEach(function (item) {
      var visible = true;
      controls.forEach(function (control) {
        var values = (item.getAttribute("data-" + control.getAttribute("data-filter")) || "").split(" ");
        if (control.value && values.indexOf(control.value) < 0) {
          visible = false;
        }
      });
      item.hidden = !visible;
      shown += visible ? 1 : 0;
    });
    form.querySelectorAll("[data-lang-toggle]").forEach(function (box) {
      document.body.classList.toggle("hide-" + box.value, !box.checked);
    });
    var output = form.querySelector("output");
    if (output) {
      output.value = shown + " shown";
    }
  }
  form.addEventListener("change", apply);
  form.addEventListener("submit", function (event) {
    event.preventDefault();
  });
  apply();
}());
